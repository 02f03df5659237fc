// npm run bench:delivery: how long a visitor's inquiry takes to reach the staff as an email.
// Starts the built embedded server with a local SMTP server (with login) as its mail server,
// submits 20 inquiries one after another, and times each from the POST to the moment the
// staff alert has arrived at the SMTP server. Prints the median and the worst.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { startServer } from './bench-support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const runs = Number(process.env.RUNS ?? 20);

const arrived = new Map();
const sink = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth: (auth, _session, done) => done(null, { user: auth.username }),
  onData(stream, session, done) {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => (text += chunk));
    stream.on('end', () => {
      const lead = /#lead-([A-Za-z0-9]+)/.exec(text.replace(/=\r?\n/g, ''))?.[1];
      if (lead && session.envelope.rcptTo.some((rcpt) => rcpt.address === 'office@example.com')) arrived.set(lead, performance.now());
      done();
    });
  },
});
await new Promise((done) => sink.listen(0, '127.0.0.1', done));

const dataDir = mkdtempSync(join(tmpdir(), 'delivery-latency-'));
const { url, child: server } = await startServer(join(here, '../dist/server.js'), {
  DATA_DIR: dataDir,
  WEB_DIST: join(dataDir, 'no-web'),
  ADMIN_USERNAME: 'latency',
  ADMIN_PASSWORD: 'latency password 1234',
  NOTIFY_EMAIL: 'office@example.com',
  SMTP_URL: `smtp://mailer:secret@127.0.0.1:${sink.server.address().port}`,
  MAIL_FROM: 'Website <website@example.com>',
});
const until = async (check, what) => {
  for (let i = 0; i < 600; i++) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

try {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const res = await fetch(`${url}/api/project-inquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        rooms: ['kitchen'],
        budget: '15000-30000',
        timeline: 'asap',
        firstName: 'Ava',
        lastName: `Latency${i}`,
        email: 'ava@example.com',
        phone: '0400 123 456',
      }),
    });
    const { id } = await res.json();
    await until(() => arrived.has(id), `the staff email for inquiry ${i + 1}`);
    times.push(arrived.get(id) - started);
  }
  times.sort((a, b) => a - b);
  const median = (times[Math.floor((runs - 1) / 2)] + times[Math.ceil((runs - 1) / 2)]) / 2;
  console.log(
    `Submit to staff email at the SMTP server, ${runs} inquiries: median ${median.toFixed(0)} ms, worst ${times[runs - 1].toFixed(0)} ms (best ${times[0].toFixed(0)} ms).`,
  );
} finally {
  server.kill();
  sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
