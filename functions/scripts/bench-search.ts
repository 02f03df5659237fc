/**
 * `npm run bench:search [DATA_DIR]`: the admin's lead search over 100,000 inquiries on the real
 * embedded server, against its budget (docs/decisions/013-lead-search-index.md): p95 at most
 * 50 ms per `GET /api/project-inquiries?q=...`, the page with its messages and `X-Total-Count`.
 *
 * 1. makes a DATA_DIR of 100,000 inquiries with make-large-data.ts (or reuses the one given;
 *    BENCH_INQUIRIES sets how many), no visits;
 * 2. builds the server (`npm run build -w functions`) and starts functions/dist/server.js on it,
 *    or the server in BENCH_SERVER (another worktree's build, for a before/after comparison: an
 *    older build reads the same database, its migrations being a prefix of these);
 * 3. signs an admin in and times BENCH_REQUESTS (200) sequential requests of each search: a
 *    common name prefix ("a", about half the leads), a name, a full email, phone digits, a term
 *    matching nothing, the second page of the common prefix (its cursor), and each with
 *    `status=` combined (status=new is the rarest status in the data, the hardest filter);
 *    every answer must be 200 with X-Total-Count. BENCH_REQUESTS and BENCH_WARMUP (10) change
 *    the counts (the old json_each search takes seconds a request: BENCH_REQUESTS=5 for it).
 *
 *   npm run bench:search                  (a new DATA_DIR in the temporary folder, removed after)
 *   npm run bench:search -- /tmp/leads    (made there the first time, reused after)
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { admin, startServer } from './bench-support.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const budgetMs = 50;
const requests = Number(process.env.BENCH_REQUESTS ?? 200);
const warmUp = Number(process.env.BENCH_WARMUP ?? 10);
const inquiries = Number(process.env.BENCH_INQUIRIES ?? 100_000);

const given = process.argv[2];
const dataDir = given ? resolve(given) : mkdtempSync(join(tmpdir(), 'bench-search-'));
const file = join(dataDir, 'site.sqlite');
if (!existsSync(file)) {
  console.log(`Making ${inquiries.toLocaleString('en-AU')} inquiries in ${dataDir}...`);
  const made = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'make-large-data.ts'), dataDir, String(inquiries), '0'], {
    stdio: 'inherit',
  });
  if (made.status !== 0) throw new Error('make-large-data failed');
}

// Search terms taken from the data: a lead's name, email and phone.
const sample = (() => {
  const db = new Database(file, { readonly: true });
  try {
    const total = (db.prepare('SELECT count(*) AS n FROM project_inquiries').get() as { n: number }).n;
    const lead = db
      .prepare('SELECT firstName, lastName, email, phone FROM project_inquiries ORDER BY createdAt LIMIT 1 OFFSET ?')
      .get(Math.floor(total / 2)) as { firstName: string; lastName: string; email: string; phone: string };
    return { total, ...lead };
  } finally {
    db.close();
  }
})();

let serverJs = process.env.BENCH_SERVER;
if (!serverJs) {
  const built = spawnSync('npm', ['run', 'build', '-w', 'functions', '--silent'], { cwd: join(here, '../..'), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build -w functions failed');
  serverJs = join(here, '../dist/server.js');
}
const server = await startServer(serverJs, {
  DATA_DIR: dataDir,
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  WEB_DIST: join(dataDir, 'no-web'),
  // No daily backup: the first one, at start, would copy the 1.5 GB database during the run.
  BACKUP_KEEP: '0',
});

interface Row {
  search: string;
  status: string;
  total: number;
  p50: number;
  p95: number;
  max: number;
  budget: string;
}

try {
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`Sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie()[0].split(';')[0];

  const get = async (query: string) => {
    const res = await fetch(`${server.url}/api/project-inquiries?${query}`, { headers: { cookie } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${query}: ${res.status} ${body.slice(0, 200)}`);
    const total = res.headers.get('x-total-count');
    if (total === null) throw new Error(`${query}: no X-Total-Count`);
    return { total: Number(total), next: res.headers.get('x-next-cursor') };
  };

  const digits = sample.phone.replace(/\D/g, '');
  const searches: Array<[string, string]> = [
    ['name prefix', 'a'],
    ['name', `${sample.firstName} ${sample.lastName.slice(0, 3)}`],
    ['full email', sample.email],
    ['phone digits', `${digits.slice(-6, -3)} ${digits.slice(-3)}`],
    ['nothing', 'zqxjv'],
  ];
  const cases: Array<{ label: string; query: string }> = [];
  for (const status of ['', 'new', 'won']) {
    for (const [label, q] of searches) {
      cases.push({ label: `${label} "${q}"`, query: new URLSearchParams({ q, ...(status ? { status } : {}) }).toString() });
    }
    const first = await get(new URLSearchParams({ q: 'a', ...(status ? { status } : {}) }).toString());
    if (first.next) {
      cases.push({
        label: 'name prefix "a", page 2',
        query: new URLSearchParams({ q: 'a', cursor: first.next, ...(status ? { status } : {}) }).toString(),
      });
    }
  }

  const rows: Row[] = [];
  for (const { label, query } of cases) {
    let total = 0;
    for (let i = 0; i < warmUp; i++) total = (await get(query)).total;
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const start = performance.now();
      total = (await get(query)).total;
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 10) / 10;
    const status = new URLSearchParams(query).get('status') ?? 'any';
    rows.push({ search: label, status, total, p50: at(0.5), p95: at(0.95), max: at(1), budget: at(0.95) <= budgetMs ? 'ok' : 'OVER' });
  }

  console.log(
    `\n${sample.total.toLocaleString('en-AU')} inquiries in ${file}; ${requests} sequential requests each (after ${warmUp} warm-up), ms, ` +
      `GET /api/project-inquiries (50 a page with their messages, X-Total-Count); server ${serverJs}`,
  );
  console.log(
    `${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}, ${new Date().toISOString()}\n`,
  );
  console.table(rows);
  const over = rows.filter((row) => row.budget !== 'ok');
  console.log(over.length ? `${over.length} search(es) over the ${budgetMs} ms p95 budget.` : `All within the ${budgetMs} ms p95 budget.`);
  process.exitCode = over.length ? 1 : 0;
} finally {
  server.child.kill();
  if (!given) rmSync(dataDir, { recursive: true, force: true });
}
