// The embedded server's memory: resident set size (RSS, from /proc, Linux) of the built
// server at rest, then with 100 admin dashboards' event streams (GET /api/events) open.
//   npm run build -w functions && node functions/scripts/memory.mjs [STREAMS]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './bench-support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const streams = Number(process.argv[2] ?? 100);
const admin = { username: 'memory', password: 'memory password 1234' };

/** VmRSS of a process, in MB. */
const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'memory-'));
const { url, child } = await startServer(join(here, '../dist/server.js'), {
  DATA_DIR: dataDir,
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: 'warn',
  BACKUP_KEEP: '0',
  WEB_DIST: join(dataDir, 'no-web'),
});
const opened = [];
try {
  // Warm up the routes the streams and the admin use, so "at rest" is a server that has served.
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  for (let i = 0; i < 50; i++) await fetch(`${url}/api/project-inquiries`, { headers: { cookie } }).then((r) => r.arrayBuffer());
  global.gc?.();
  await new Promise((r) => setTimeout(r, 1000)); // let the server settle after start-up and warm-up
  const atRest = rssMb(child.pid);

  for (let i = 0; i < streams; i++) {
    const controller = new AbortController();
    const response = await fetch(`${url}/api/events`, { headers: { cookie }, signal: controller.signal });
    const reader = response.body.getReader();
    await reader.read(); // the stream's first line: it is open on the server
    opened.push({ controller, reader });
  }
  await new Promise((r) => setTimeout(r, 1000));
  const withStreams = rssMb(child.pid);
  console.log(`Server RSS at rest: ${atRest.toFixed(1)} MB`);
  console.log(
    `Server RSS with ${streams} open event streams: ${withStreams.toFixed(1)} MB (${(((withStreams - atRest) * 1024) / streams).toFixed(0)} KB a stream)`,
  );
} finally {
  for (const { controller } of opened) controller.abort();
  child.kill('SIGTERM');
  await new Promise((done) => child.on('exit', done));
  rmSync(dataDir, { recursive: true, force: true });
}
