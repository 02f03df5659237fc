// Regenerates the demo showroom's sample models and their thumbnails:
//
//   npx tsx functions/scripts/make-sample-models.ts
//
// Writes functions/src/demo/models/<slug>.glb from the code in samples.ts, then renders each
// one with model-viewer in Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium,
// WebGL through SwiftShader) and saves an 800x600 WebP thumbnail beside it. The output is
// committed; the demo seed uploads it.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { sampleModels } from '../src/demo/models/samples';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '../src/demo/models');
const require = createRequire(import.meta.url);
const modelViewerScript = readFileSync(join(dirname(require.resolve('@google/model-viewer/package.json')), 'dist/model-viewer.min.js'));

const glbs = new Map<string, Uint8Array>();
for (const sample of sampleModels) {
  const bytes = await sample.build();
  glbs.set(sample.slug, bytes);
  writeFileSync(join(outDir, `${sample.slug}.glb`), bytes);
  console.log(`${sample.slug}.glb  ${(bytes.byteLength / 1024).toFixed(1)} KB`);
}

const width = 800;
const height = 600;
const page = (slug: string, exposure: number, shadowIntensity: number) => `<!doctype html>
<html><head><meta charset="utf-8"><script type="module" src="/model-viewer.js"></script>
<style>html,body{margin:0;background:#f3f0eb}model-viewer{width:${width}px;height:${height}px;background:#f3f0eb;--poster-color:transparent}</style>
</head><body>
<model-viewer src="/${slug}.glb" alt="" exposure="${exposure}" shadow-intensity="${shadowIntensity}" shadow-softness="1"
  environment-image="legacy" camera-orbit="-28deg 72deg auto" field-of-view="30deg" interaction-prompt="none"></model-viewer>
</body></html>`;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/model-viewer.js') {
    res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(modelViewerScript);
    return;
  }
  const glb = /^\/([a-z-]+)\.glb$/.exec(url.pathname);
  const bytes = glb ? glbs.get(glb[1]) : undefined;
  if (bytes) {
    res.writeHead(200, { 'Content-Type': 'model/gltf-binary' }).end(bytes);
    return;
  }
  const sample = sampleModels.find((s) => `/${s.slug}` === url.pathname);
  if (sample) {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(page(sample.slug, sample.exposure, sample.shadowIntensity));
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-gl=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'],
});
try {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  for (const sample of sampleModels) {
    const tab = await context.newPage();
    tab.on('pageerror', (error) => console.error(`${sample.slug}: ${error.message}`));
    await tab.goto(`${origin}/${sample.slug}`);
    await tab.waitForFunction(
      () => {
        const viewer = document.querySelector('model-viewer') as (HTMLElement & { loaded?: boolean; modelIsVisible?: boolean }) | null;
        return Boolean(viewer?.loaded && viewer.modelIsVisible);
      },
      undefined,
      { timeout: 60_000 },
    );
    // A few frames for the shadow and the environment to settle.
    await tab.waitForTimeout(1500);
    const png = await tab.locator('model-viewer').screenshot({ type: 'png' });
    const file = join(outDir, `${sample.slug}.webp`);
    await sharp(png).webp({ quality: 82 }).toFile(file);
    console.log(`${sample.slug}.webp ${(statSync(file).size / 1024).toFixed(1)} KB`);
    await tab.close();
  }
} finally {
  await browser.close();
  server.close();
}
