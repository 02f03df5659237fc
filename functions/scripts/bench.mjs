// npm run bench: load-tests POST /api/project-inquiry and GET /api/reviews (1,000 approved
// reviews) on the built embedded server, beside a bare node:http + better-sqlite3 baseline
// doing the same database work (an inquiry and its queued messages). Each server runs in its own
// process; autocannon drives it.
// The inquiry route is measured twice: with the message queue alone (no SMTP set, so each
// inquiry's emails are stored and wait), and as in production, with an SMTP server (a local
// sink here) that the worker sends to during the load, in the same process.
// The queue-only inquiry and the bare server's are measured in turns (BENCH_TURNS, 3 by default:
// bare then app, app then bare, ...), and the ratio is each turn's own: the bare server's rate
// is bound by the disk's flushes, which on a shared machine vary by half from one run to the
// next, so a ratio of two runs apart measures the disk's mood as much as the app. Every turn is
// printed, and the targets line reads the median one. Before the first turn each of the two
// servers takes BENCH_WARMUP seconds (10) of the same load, not measured: V8's compiling of a
// new process (bench-support's inquiryWarmupSeconds says what was measured).
// BENCH_SERVER=/other/worktree/functions/dist/server.js measures another build of the server
// with this same load, for before/after comparisons run one after the other.
import autocannon from 'autocannon';
import { SMTPServer } from 'smtp-server';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, inquiry, inquiryWarmupSeconds, loadEnv, seedReviews, startServer } from './bench-support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const turns = Math.max(1, Number(process.env.BENCH_TURNS ?? 3));

function load(url, path, options = {}, seconds = duration) {
  return new Promise((resolve, reject) => {
    autocannon({ url: url + path, connections, duration: seconds, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const summary = (r) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + (r.non2xx ?? 0),
});

/** One load run against a server, with the server's CPU time per request in µs. */
async function measure(server, path, options) {
  const before = cpuMs(server.child.pid);
  const result = await load(server.url, path, options);
  const used = cpuMs(server.child.pid) - before;
  const cpu = Number.isFinite(used) && result.requests.total > 0 ? Math.round((used * 1000) / result.requests.total) : '';
  return { ...summary(result), 'cpu µs/req': cpu };
}

let emailsSent = 0;
const sink = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    stream.resume();
    stream.on('end', () => {
      emailsSent++;
      done();
    });
  },
});
await new Promise((done) => sink.listen(0, '127.0.0.1', done));

const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const baselineDir = mkdtempSync(join(tmpdir(), 'bench-baseline-'));
const serverJs = process.env.BENCH_SERVER ?? join(here, '../dist/server.js');
const app = await startServer(serverJs, {
  ...loadEnv(dataDir),
  SMTP_URL: `smtp://127.0.0.1:${sink.server.address().port}`,
  MAIL_FROM: 'bench@example.com',
});
const queueOnlyDir = mkdtempSync(join(tmpdir(), 'bench-queue-'));
const queueOnly = await startServer(serverJs, loadEnv(queueOnlyDir));
const baseline = await startServer(join(here, 'bench-baseline.mjs'), { DATA_DIR: baselineDir });
try {
  console.log(`Seeding 1,000 approved reviews through the API...`);
  await seedReviews(app.url);
  await fetch(`${baseline.url}/seed`, { method: 'POST' });

  const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(inquiry) };
  const rows = [];
  // The reviews first, while both servers hold the same 1,000 reviews and nothing else: after
  // an inquiry load the app is still indexing and sending the leads it took (thousands of
  // queued emails), work the bare server does not have, and it would be timed with the list.
  const reviewsOurs = await measure(app, '/api/reviews');
  const reviewsBare = await measure(baseline, '/api/reviews');
  const ratio = (ours, bare) => (ours.rps / bare.rps).toFixed(2);
  if (inquiryWarmupSeconds > 0) {
    await load(queueOnly.url, '/api/project-inquiry', post, inquiryWarmupSeconds);
    await load(baseline.url, '/api/project-inquiry', post, inquiryWarmupSeconds);
  }
  const inquiryTurns = [];
  for (let turn = 1; turn <= turns; turn++) {
    const bareFirst = turn % 2 === 1;
    const first = await measure(bareFirst ? baseline : queueOnly, '/api/project-inquiry', post);
    const second = await measure(bareFirst ? queueOnly : baseline, '/api/project-inquiry', post);
    const [bare, queued] = bareFirst ? [first, second] : [second, first];
    inquiryTurns.push({ turn, bare, queued, ratio: queued.rps / bare.rps });
  }
  // The median turn by its ratio: its figures are the ones the targets line reads.
  const median = [...inquiryTurns].sort((a, b) => a.ratio - b.ratio)[Math.floor((inquiryTurns.length - 1) / 2)];
  const sentBefore = emailsSent;
  const inquirySending = await measure(app, '/api/project-inquiry', post);
  const sentDuringLoad = emailsSent - sentBefore;
  for (const { turn, bare, queued } of inquiryTurns) {
    const of = turns > 1 ? ` (turn ${turn})` : '';
    rows.push(
      { route: 'POST /api/project-inquiry', server: `embedded app, queue (SMTP off)${of}`, ...queued, ratio: ratio(queued, bare) },
      { route: 'POST /api/project-inquiry', server: `bare node:http + SQLite${of}`, ...bare, ratio: '' },
    );
  }
  rows.push(
    {
      route: 'POST /api/project-inquiry',
      server: 'embedded app, queue + sending',
      ...inquirySending,
      ratio: `${ratio(inquirySending, median.bare)} (median turn's bare)`,
    },
    { route: 'GET /api/reviews', server: 'embedded app', ...reviewsOurs, ratio: ratio(reviewsOurs, reviewsBare) },
    { route: 'GET /api/reviews', server: 'bare node:http + SQLite', ...reviewsBare, ratio: '' },
  );
  console.log(
    `\n${connections} connections, ${duration} s each, latencies in ms, ratio = app req/s / baseline req/s, cpu = the server's CPU time per request\n`,
  );
  console.table(rows);
  console.log(
    [
      'Targets:',
      `inquiry (queue) >= 0.7x bare with p99 <= 50 ms: ${ratio(median.queued, median.bare)}x, p99 ${median.queued.p99} ms`,
      `(the median of ${turns} ${turns === 1 ? 'turn' : 'turns'}: ${inquiryTurns.map((t) => t.ratio.toFixed(2)).join(', ')});`,
      `reviews >= 1x bare: ${ratio(reviewsOurs, reviewsBare)}x;`,
      `inquiry >= 2,000 req/s (the design budget): ${median.queued.rps.toLocaleString('en-AU')}.`,
    ].join(' '),
  );
  console.log(
    `Emails the worker delivered to the SMTP sink during the ${duration} s inquiry load: ${sentDuringLoad.toLocaleString('en-AU')} (${Math.round(sentDuringLoad / duration)} a second).`,
  );
} finally {
  app.child.kill();
  queueOnly.child.kill();
  baseline.child.kill();
  sink.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(queueOnlyDir, { recursive: true, force: true });
  rmSync(baselineDir, { recursive: true, force: true });
}
