// Measures the home page of the production build with Lighthouse (mobile) and prints the four
// category scores and the initial JS of / (gzip). Needs `npm run build` (web and functions).
//   npm run lighthouse -w web
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(web, '..');
const dist = join(web, 'dist');
const serverEntry = join(root, 'functions/dist/server.js');
const budgetKb = 170;
const targets = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

for (const file of [join(dist, 'index.html'), serverEntry]) {
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
}

/** The gzip size of every script the prerendered / loads at start: entry and modulepreloads. */
function initialJs() {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const urls = new Set();
  for (const match of html.matchAll(/<script[^>]+type="module"[^>]*src="([^"]+)"/g)) urls.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g)) urls.add(match[1]);
  let total = 0;
  const files = [];
  for (const url of urls) {
    const size = gzipSync(readFileSync(join(dist, url))).length;
    files.push({ url, size });
    total += size;
  }
  return { total, files };
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_USERNAME: 'lighthouse', ADMIN_PASSWORD: 'lighthouse-password-unused' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
let failed = false;
try {
  const result = await lighthouse(`${server.url}/`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(targets),
    // Lighthouse's default: a mid-range phone on a slow 4G connection.
    formFactor: 'mobile',
  });
  const { categories, audits } = result.lhr;
  if (process.env.LH_DEBUG) for (const id of ["mainthread-work-breakdown", "bootup-time", "long-tasks"]) console.log(id, JSON.stringify(audits[id]?.details?.items?.slice(0, 8)));
  if (result.lhr.runtimeError) console.log('runtime error:', result.lhr.runtimeError);
  if (result.lhr.runWarnings?.length) console.log('warnings:', result.lhr.runWarnings.join('; '));
  console.log('Lighthouse (mobile) for /');
  for (const [id, min] of Object.entries(targets)) {
    const score = Math.round((categories[id]?.score ?? 0) * 100);
    if (score < min) failed = true;
    console.log(`  ${categories[id]?.title ?? id}: ${score} (target >= ${min})`);
    if (score < 100) {
      for (const ref of categories[id].auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1) console.log(`    - ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
      }
    }
  }
  if (process.env.LIGHTHOUSE_DEBUG) {
    for (const id of ['mainthread-work-breakdown', 'bootup-time', 'render-blocking-resources', 'server-response-time', 'network-requests', 'long-tasks']) {
      console.log(`  [${id}] ${audits[id]?.displayValue ?? ''}`, JSON.stringify(audits[id]?.details?.items?.slice(0, 12) ?? []).slice(0, 3000));
    }
  }
  for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) {
    console.log(`  ${audits[id].title}: ${audits[id].displayValue}`);
  }
} finally {
  chrome.kill();
  await server.stop();
}

const js = initialJs();
console.log(`Initial JS of / (gzip): ${(js.total / 1024).toFixed(1)} KB (budget ${budgetKb} KB) in ${js.files.length} files`);
for (const file of js.files.sort((a, b) => b.size - a.size)) console.log(`  ${file.url}: ${(file.size / 1024).toFixed(1)} KB`);
if (js.total > budgetKb * 1024) failed = true;
process.exitCode = failed ? 1 : 0;
