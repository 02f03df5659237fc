import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';
import { createModel, deleteAllModels, scriptRequests } from '../specs/models-helpers';

/**
 * Measurements for the showroom, logged and never asserted (budgets are measured,
 * not timed in tests): a benchmark, not among the specs `npm test` runs. Run with
 *   npm run bench:browser -- showroom-timing        (MEASURE_RUNS=5 cold runs by default)
 * It reports the showroom page's initial JS and the viewer chunk (gzip, from web/dist's .gz
 * files), and the time from a click on the largest sample's card to the viewer's `load`
 * event, cold (new browser context each run).
 */
const dist = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const gzipSize = (url: string) => {
  const path = join(dist, new URL(url).pathname);
  try {
    return statSync(`${path}.gz`).size;
  } catch {
    return readFileSync(path).length;
  }
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test.use({ trace: 'off', viewport: { width: 1024, height: 720 } });

test('showroom: initial JS, viewer chunk, click-to-loaded time', async ({ browser, adminApi, server }) => {
  test.setTimeout(600_000);
  await deleteAllModels(adminApi);
  const model = await createModel(adminApi, { name: 'Kitchen island timing', sample: 'kitchen-island' });
  const runs = Number(process.env.MEASURE_RUNS ?? 5);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = scriptRequests(page);
    await page.goto(`${server.url}/virtual-showroom`);
    const card = page.getByRole('button', { name: model.name });
    await expect(card).toBeVisible();
    await page.waitForLoadState('networkidle');
    if (run === 0) {
      const initial = [...new Set(scripts)];
      console.log(`showroom initial JS: ${initial.length} files, ${kb(initial.reduce((sum, url) => sum + gzipSize(url), 0))} gzip`);
    }
    await page.evaluate(() => {
      const marks = window as unknown as { clickedAt?: number; loadedAt?: number };
      document.addEventListener('click', () => (marks.clickedAt ??= performance.now()), true);
      document.addEventListener(
        'load',
        (event) => {
          if ((event.target as Element).tagName === 'MODEL-VIEWER') marks.loadedAt = performance.now();
        },
        true,
      );
    });
    await card.click();
    await page.waitForFunction(() => (window as unknown as { loadedAt?: number }).loadedAt !== undefined, undefined, { timeout: 300_000 });
    const ms = await page.evaluate(() => {
      const marks = window as unknown as { clickedAt: number; loadedAt: number };
      return marks.loadedAt - marks.clickedAt;
    });
    if (run === 0) {
      const viewer = scripts.filter((url) => /model-viewer-/.test(url));
      console.log(`viewer chunk: ${viewer.map((url) => `${new URL(url).pathname} ${kb(gzipSize(url))} gzip`).join(', ')}`);
    }
    times.push(ms);
    console.log(`run ${run + 1}: click to loaded ${Math.round(ms)} ms`);
    await context.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`median click to loaded (${runs} cold runs): ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms`);
});
