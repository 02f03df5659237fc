/**
 * `npm run bench:models`: the model pipeline (src/services/model-pipeline.ts) on a designer's
 * kitchen file, against its budgets (docs/decisions/012-model-optimisation.md):
 *
 * 1. generates the designer file (about 1,000,000 triangles, eight 4096 px textures, 60 MB or
 *    more: test-support/model-fixtures.ts) into a temporary folder;
 * 2. optimises it in a child process, as the server does (optimizeModelInWorker), measuring
 *    the wall time, the child's peak RSS (worker thread included) and the longest stall of
 *    its event loop meanwhile: budgets 60 s, 1.5 GB, 8 MB out, textures at most 2048 px;
 * 3. loads the original and the optimised file in model-viewer in Chromium (SwiftShader: no
 *    GPU here) over a throttled 4G connection (9 Mbit/s down, 150 ms latency), timing the first
 *    frame (the `load` event, then two animation frames) from navigation: budget, the
 *    optimised file in at most half the original's time;
 * 4. screenshots both from the same fixed camera and compares them with pixelmatch
 *    (threshold 0.01): budget, at most 2 % of the pixels differ.
 *
 *   npm run bench:models              (CHROMIUM_PATH, default /usr/bin/chromium; BENCH_KEEP=1 keeps the files)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const budgets = {
  seconds: 60,
  rssBytes: 1.5 * 1024 ** 3,
  outputBytes: 8 * 1024 ** 2,
  textureSize: 2048,
  loadRatio: 0.5,
  differingPixels: 0.02,
};
const MB = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

interface ChildReport {
  ms: number;
  maxRssBytes: number;
  eventLoopMaxMs: number;
  stats: { originalBytes: number; optimizedBytes: number; triangles: number; textures: number; maxTextureSize: number };
  arBytes: number;
}

// ------------------------------------------------------------------ the child: one optimisation
if (process.argv[2] === '--optimise') {
  const [input, outDir] = process.argv.slice(3);
  const { optimizeModelInWorker } = await import('../src/services/model-pipeline');
  const glb = readFileSync(input);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const start = performance.now();
  const made = await optimizeModelInWorker(glb);
  const ms = performance.now() - start;
  loop.disable();
  writeFileSync(join(outDir, 'optimized.glb'), made.optimized);
  writeFileSync(join(outDir, 'ar.glb'), made.ar);
  const report: ChildReport = {
    ms,
    // resourceUsage().maxRSS is in kilobytes: the process's peak, its threads included.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    eventLoopMaxMs: loop.max / 1e6,
    stats: made.stats,
    arBytes: made.ar.byteLength,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.exit(0);
}

// ------------------------------------------------------------------ the bench
const { designerModel } = await import('@site/test-support/model-fixtures');
const { chromium } = await import('playwright-core');
const { default: pixelmatch } = await import('pixelmatch');
const { PNG } = await import('pngjs');

const rows: Array<[string, string, string, boolean | null]> = [];
const check = (name: string, value: string, budget: string, ok: boolean | null) => rows.push([name, value, budget, ok]);

const loadBefore = loadavg()[0];
const dir = mkdtempSync(join(tmpdir(), 'bench-models-'));
console.log(
  `${cpus().length} cores (${cpus()[0]?.model.trim()}), Node ${process.version}, load average ${loadBefore.toFixed(2)}; files in ${dir}`,
);

let started = performance.now();
const designer = await designerModel();
const originalFile = join(dir, 'designer.glb');
writeFileSync(originalFile, designer.glb);
console.log(
  `designer file: ${MB(designer.glb.byteLength)}, ${designer.triangles.toLocaleString('en-AU')} triangles, ${designer.textures} textures of ${designer.maxTextureSize} px, ` +
    `${designer.dimensions.join(' × ')} m (generated in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
);

// The child runs this script under the same loader (tsx) this process runs under.
const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--optimise', originalFile, dir], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let output = '';
child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
if (code !== 0) throw new Error(`the optimisation's child process ended with code ${code}: ${output}`);
const report = JSON.parse(output.trim().split('\n').at(-1)!) as ChildReport;
const optimizedFile = join(dir, 'optimized.glb');
console.log(
  `optimised in ${(report.ms / 1000).toFixed(1)} s: ${MB(report.stats.optimizedBytes)} for the viewer, ${MB(report.arBytes)} for AR; ` +
    `${report.stats.textures} textures, the largest ${report.stats.maxTextureSize} px; ${report.stats.triangles.toLocaleString('en-AU')} triangles`,
);
check('optimisation time', `${(report.ms / 1000).toFixed(1)} s`, `≤ ${budgets.seconds} s`, report.ms <= budgets.seconds * 1000);
check('peak RSS (child, worker included)', MB(report.maxRssBytes), `≤ ${MB(budgets.rssBytes)}`, report.maxRssBytes <= budgets.rssBytes);
check(
  'optimised file',
  MB(report.stats.optimizedBytes),
  `≤ ${MB(budgets.outputBytes)}`,
  report.stats.optimizedBytes <= budgets.outputBytes,
);
check(
  'largest texture',
  `${report.stats.maxTextureSize} px`,
  `≤ ${budgets.textureSize} px`,
  report.stats.maxTextureSize <= budgets.textureSize,
);
check('AR file (Scene Viewer)', MB(report.arBytes), '-', null);
check("server's longest event-loop stall", `${report.eventLoopMaxMs.toFixed(0)} ms`, '-', null);

// ------------------------------------------------------------------ in the browser
const require = createRequire(import.meta.url);
const modelViewerScript = readFileSync(join(dirname(require.resolve('@google/model-viewer/package.json')), 'dist/model-viewer.min.js'));
const width = 800;
const height = 600;
const files: Record<string, string> = { '/original.glb': originalFile, '/optimized.glb': optimizedFile };
const page = (src: string) => `<!doctype html>
<html><head><meta charset="utf-8">
<script>
  // model-viewer registers three's bundled meshopt decoder once a script at this URL has loaded.
  self.ModelViewerElement = { meshoptDecoderLocation: '/meshopt-decoder.js' };
  addEventListener('DOMContentLoaded', () => {
    document.querySelector('model-viewer').addEventListener('load', () =>
      requestAnimationFrame(() => requestAnimationFrame(() => { window.firstFrame = performance.now(); })));
    document.querySelector('model-viewer').addEventListener('error', (event) => { window.loadError = String(event.detail?.type ?? 'error'); });
  });
</script>
<script type="module" src="/model-viewer.js"></script>
<style>html,body{margin:0;background:#f3f0eb}model-viewer{width:${width}px;height:${height}px;background:#f3f0eb;--poster-color:transparent}</style>
</head><body>
<model-viewer src="${src}" alt="" exposure="0.8" shadow-intensity="0" environment-image="neutral" camera-orbit="-20deg 78deg 7.5m"
  camera-target="0m 1.2m 0m" field-of-view="30deg" interaction-prompt="none" interpolation-decay="1"></model-viewer>
</body></html>`;

const server = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (path === '/model-viewer.js') return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(modelViewerScript);
  if (path === '/meshopt-decoder.js')
    return void res.writeHead(200, { 'Content-Type': 'text/javascript' }).end('/* three bundles the decoder */');
  if (files[path]) {
    const size = statSync(files[path]).size;
    return void res.writeHead(200, { 'Content-Type': 'model/gltf-binary', 'Content-Length': size }).end(readFileSync(files[path]));
  }
  if (path === '/original' || path === '/optimized')
    return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(page(`${path}.glb`));
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-gl=angle', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
});
const shots: Record<string, Buffer> = {};
const firstFrame: Record<string, number> = {};
try {
  for (const name of ['original', 'optimized']) {
    // A fresh context each: nothing cached from the other run.
    const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
    const tab = await context.newPage();
    tab.on('pageerror', (error) => console.error(`${name}: ${error.message}`));
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (9_000_000 / 8) * 1,
      uploadThroughput: 1_500_000 / 8,
    });
    started = performance.now();
    await tab.goto(`${origin}/${name}`);
    await tab.waitForFunction(() => 'firstFrame' in window || 'loadError' in window, undefined, { timeout: 300_000, polling: 100 });
    const result = await tab.evaluate(() => ({
      firstFrame: (window as unknown as { firstFrame?: number }).firstFrame,
      error: (window as unknown as { loadError?: string }).loadError,
    }));
    if (result.error || result.firstFrame === undefined) throw new Error(`${name}: model-viewer could not load the file (${result.error})`);
    firstFrame[name] = result.firstFrame;
    console.log(
      `${name}: first frame ${(result.firstFrame / 1000).toFixed(1)} s after navigation (${((performance.now() - started) / 1000).toFixed(1)} s here)`,
    );
    // Let the camera settle and the environment finish; the camera never moves by itself (no auto-rotate, no prompt).
    await tab.waitForTimeout(2000);
    shots[name] = await tab.locator('model-viewer').screenshot({ type: 'png' });
    writeFileSync(join(dir, `${name}.png`), shots[name]);
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}

const ratio = firstFrame.optimized / firstFrame.original;
check('first frame, original (4G)', `${(firstFrame.original / 1000).toFixed(1)} s`, '-', null);
check(
  'first frame, optimised (4G)',
  `${(firstFrame.optimized / 1000).toFixed(1)} s`,
  `≤ ${budgets.loadRatio} × original`,
  ratio <= budgets.loadRatio,
);
const [a, b] = [PNG.sync.read(shots.original), PNG.sync.read(shots.optimized)];
const diff = new PNG({ width: a.width, height: a.height });
const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.01 });
writeFileSync(join(dir, 'diff.png'), PNG.sync.write(diff));
const share = differing / (a.width * a.height);
check(
  'pixels differing (pixelmatch 0.01)',
  `${(share * 100).toFixed(2)} % (${differing})`,
  `≤ ${budgets.differingPixels * 100} %`,
  share <= budgets.differingPixels,
);

const loadAfter = loadavg()[0];
console.log(`\nload average ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after; ${new Date().toISOString()}\n`);
const table = [
  ['measure', 'value', 'budget', ''],
  ...rows.map(([name, value, budget, ok]) => [name, value, budget, ok === null ? '' : ok ? 'ok' : 'OVER']),
];
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
for (const row of table) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
if (process.env.BENCH_KEEP) console.log(`\nfiles kept in ${dir} (screenshots and diff.png too)`);
else rmSync(dir, { recursive: true, force: true });
process.exitCode = rows.some(([, , , ok]) => ok === false) ? 1 : 0;
