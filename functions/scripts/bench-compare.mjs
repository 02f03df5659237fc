// npm run bench:compare -- OTHER/functions/dist/server.js [...]: builds of the embedded server
// (this worktree's and others') under the same load, in turns (A, B, C, then B, C, A, ...), so
// all see the same machine state; on a shared machine a run of one after a run of the other
// compares the load of two moments, not the two builds. Prints the median over the rounds of
// each route's requests per second and the server's CPU time per request (steadier than req/s
// when other work shares the machine), counting what the server still does after its turn
// until it is idle again, which the next turn waits for. BENCH_ROUNDS (6; best a multiple of
// the number of servers), BENCH_SECONDS (5) per turn, BENCH_ROUTES (a comma-separated subset of
// inquiry,reviews). The bare node:http + SQLite baseline of npm run bench (bench-baseline.mjs)
// takes its turns too, unless BENCH_BASELINE=0. Each row also gives the median p99 latency, and
// the load average is printed.
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpuMs, inquiry, loadEnv, seedReviews, startServer, untilQuiet } from './bench-support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const others = process.argv.slice(2);
if (!others.length) {
  console.error('Usage: npm run bench:compare -- PATH/TO/OTHER/functions/dist/server.js [...]');
  process.exit(2);
}
const rounds = Number(process.env.BENCH_ROUNDS ?? 6);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const inquiryBody = JSON.stringify(inquiry);
const allRoutes = [
  {
    key: 'inquiry',
    name: 'POST /api/project-inquiry',
    path: '/api/project-inquiry',
    options: { method: 'POST', headers: { 'content-type': 'application/json' }, body: inquiryBody },
  },
  { key: 'reviews', name: 'GET /api/reviews', path: '/api/reviews', options: {} },
];
const chosen = (process.env.BENCH_ROUTES ?? 'inquiry,reviews').split(',');
const routes = allRoutes.filter((route) => chosen.includes(route.key));

async function start(label, script) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-compare-'));
  return { label, script, dataDir, ...(await startServer(script, loadEnv(dataDir))) };
}

/**
 * Waits until the server's CPU time stops growing (under 20 ms in a second, five times in a
 * row, at most 60 s) and returns the CPU it used meanwhile: work a build defers until its
 * requests pause (search indexing, the outbox) is then counted against that build's requests,
 * and never runs during the next build's turn, where it would slow that build instead.
 */
async function settle(server) {
  return (await untilQuiet(server.child.pid, { quietMs: 20, deadline: Date.now() + 60_000 })).cpuMs;
}

async function measure(server, route) {
  const before = cpuMs(server.child.pid);
  const result = await new Promise((done, fail) =>
    autocannon({ url: server.url + route.path, connections, duration, ...route.options }, (error, r) => (error ? fail(error) : done(r))),
  );
  const during = cpuMs(server.child.pid) - before;
  const errors = result.errors + result.timeouts + (result.non2xx ?? 0);
  if (errors) throw new Error(`${server.label} ${route.name}: ${errors} failed requests`);
  const after = await settle(server);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpu: ((during + after) * 1000) / result.requests.total,
    deferred: (after * 1000) / result.requests.total,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const servers = [await start('this build', join(here, '../dist/server.js'))];
for (const [i, other] of others.entries())
  servers.push(await start(others.length > 1 ? `other build ${i + 1}` : 'other build', resolve(other)));
if (process.env.BENCH_BASELINE !== '0') {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-compare-bare-'));
  const label = 'bare node:http + SQLite';
  servers.push({
    label,
    script: join(here, 'bench-baseline.mjs'),
    dataDir,
    bare: true,
    ...(await startServer(join(here, 'bench-baseline.mjs'), { DATA_DIR: dataDir })),
  });
}
const loads = [loadavg()];
try {
  console.log('Seeding 1,000 approved reviews through each API...');
  for (const server of servers) {
    if (server.bare) await fetch(`${server.url}/seed`, { method: 'POST' });
    else await seedReviews(server.url);
  }
  const samples = new Map(servers.flatMap((s) => routes.map((r) => [`${s.label}|${r.name}`, []])));
  for (let round = 1; round <= rounds; round++) {
    for (const route of routes) {
      // Each round starts one server later in the list, so that over as many rounds as there are
      // servers each takes every place in the order once: a fixed order (or one only reversed)
      // leaves one server always in the middle: with the order only reversed, two runs with the
      // same two builds swapped each had the build in the middle 3 to 4% ahead.
      for (const server of servers.map((_, i) => servers[(i + round - 1) % servers.length]))
        samples.get(`${server.label}|${route.name}`).push(await measure(server, route));
    }
    loads.push(loadavg());
    console.log(`round ${round}/${rounds} done`);
  }
  const rows = [];
  for (const route of routes) {
    for (const server of servers) {
      const runs = samples.get(`${server.label}|${route.name}`);
      rows.push({
        route: route.name,
        server: server.label,
        'req/s (median)': Math.round(median(runs.map((r) => r.rps))),
        'p99 ms (median)': median(runs.map((r) => r.p99)),
        'cpu µs/req (median)': Math.round(median(runs.map((r) => r.cpu))),
        'of it after the turn': Math.round(median(runs.map((r) => r.deferred))),
        'req/s (each round)': runs.map((r) => Math.round(r.rps)).join(' '),
        'cpu µs/req (each round)': runs.map((r) => Math.round(r.cpu)).join(' '),
      });
    }
  }
  console.log(`\n${rounds} rounds, ${connections} connections, ${duration} s a turn, ${new Date().toISOString()}`);
  console.log(
    `load average (1, 5, 15 min) at the start and after each round: ${loads.map((l) => l.map((v) => v.toFixed(2)).join(' ')).join(' | ')}`,
  );
  for (const server of servers.slice(1)) console.log(`${server.label}: ${server.script}`);
  console.log();
  console.table(rows);
} finally {
  for (const server of servers) {
    server.child.kill();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}
