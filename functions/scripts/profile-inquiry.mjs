// node functions/scripts/profile-inquiry.mjs [SERVER_JS]: a CPU profile of the built embedded
// server (or another build's server.js) under npm run bench's inquiry load, summarised. The
// server runs with `node --cpu-prof`; after BENCH_WARMUP seconds (10) of load, BENCH_SECONDS (10)
// of POST /api/project-inquiry are profiled (the start and warm-up are left out), the server is
// stopped (SIGTERM: it writes the profile on exit), and the samples of the measured window are
// summed by function and by package, self time: where the CPU of an inquiry goes. The profile
// stays in PROFILE_DIR (a temporary folder unless set) for Chrome DevTools. `uptime`'s load is
// printed: on a shared machine the shares are what to compare, not the milliseconds.
// PROFILE_ROUTE=reviews profiles GET /api/reviews instead (the public list, from memory).
import autocannon from 'autocannon';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, inquiry, inquiryWarmupSeconds, loadEnv, startServer } from './bench-support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const serverJs = process.argv[2] ?? join(here, '../dist/server.js');
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const profileDir = process.env.PROFILE_DIR ?? mkdtempSync(join(tmpdir(), 'inquiry-profile-'));
const dataDir = mkdtempSync(join(tmpdir(), 'inquiry-profile-data-'));

const reviews = process.env.PROFILE_ROUTE === 'reviews';
const request = reviews
  ? { path: '/api/reviews' }
  : { path: '/api/project-inquiry', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(inquiry) };
const load = (url, seconds) =>
  new Promise((done, fail) =>
    autocannon(
      {
        url: `${url}${request.path}`,
        connections,
        duration: seconds,
        ...(request.method ? { method: request.method, headers: request.headers, body: request.body } : {}),
      },
      (error, result) => (error ? fail(error) : done(result)),
    ),
  );

const server = await startServer(serverJs, {
  ...loadEnv(dataDir),
  NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDir}`,
});
let result;
let cpu;
let windowStart;
let windowEnd;
try {
  await load(server.url, inquiryWarmupSeconds);
  const before = cpuMs(server.child.pid);
  // The profile's clock is the process's monotonic clock in µs; hrtime's is the same clock.
  windowStart = Number(process.hrtime.bigint() / 1000n);
  result = await load(server.url, duration);
  windowEnd = Number(process.hrtime.bigint() / 1000n);
  cpu = cpuMs(server.child.pid) - before;
} finally {
  await new Promise((done) => {
    server.child.once('exit', done);
    server.child.kill('SIGTERM');
  });
  rmSync(dataDir, { recursive: true, force: true });
}

const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`No profile written in ${profileDir}`);
const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const byFunction = new Map();
const byPackage = new Map();
let sampled = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const dt = profile.timeDeltas[i + 1] ?? 0;
  if (t < windowStart || t > windowEnd) continue;
  const { callFrame } = nodes.get(profile.samples[i]);
  const url = callFrame.url || '(native)';
  const pkg = url.includes('node_modules/')
    ? url
        .slice(url.lastIndexOf('node_modules/') + 13)
        .split('/')
        .slice(0, url.includes('node_modules/@') ? 2 : 1)
        .join('/')
    : url.startsWith('node:')
      ? 'node: internals'
      : url === '(native)'
        ? callFrame.functionName || '(native)'
        : 'our code';
  const where = `${callFrame.functionName || '(anonymous)'} ${url === '(native)' ? '' : url.replace(/^.*\/(node_modules\/|dist\/)/, '$1') + ':' + (callFrame.lineNumber + 1)}`;
  byFunction.set(where, (byFunction.get(where) ?? 0) + dt);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + dt);
  sampled += dt;
}
if (sampled === 0) console.log('The profile has no samples in the measured window: its clock may differ; summing all of it.');

const top = (map, n) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([where, us]) => ({ 'self ms': Math.round(us / 1000), share: `${((100 * us) / sampled).toFixed(1)}%`, where }));
const requests = result.requests.total;
console.log(
  `${serverJs}\n${requests} ${reviews ? 'reviews lists' : 'inquiries'} in ${duration} s (${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
    `${result.non2xx + result.errors} failed), server CPU ${Math.round((cpu * 1000) / requests)} µs/request, ` +
    `${Math.round(sampled / 1000)} ms sampled; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
console.log('\nSelf time by package:');
console.table(top(byPackage, 15));
console.log('Self time by function:');
console.table(top(byFunction, Number(process.env.PROFILE_TOP ?? 30)));
console.log(`Profile: ${join(profileDir, file)}`);
