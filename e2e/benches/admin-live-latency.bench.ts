import { expect, signIn, test } from '../support/fixtures';
import { dashboardReady, inquiry } from '../specs/admin-helpers';

const runs = 20;

/**
 * Measures, without asserting it (timings flake on shared machines), how long a public
 * inquiry takes to appear on an open dashboard: from the visitor's browser starting its submit
 * to the card's heading entering the admin's DOM. Both are browser clocks on one machine.
 * The target is under 1 s. A measurement, not a check: it is not among the specs `npm test`
 * runs, but a benchmark, run with `npm run bench:browser -- admin-live-latency`.
 */
test('latency from a public submit to the card on an open dashboard', async ({ page, browser, server }) => {
  test.setTimeout(120_000);
  await signIn(page);
  await dashboardReady(page);

  const visitorContext = await browser.newContext({ baseURL: server.url });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');

  const latencies: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const body = inquiry({ firstName: `Latency${run}x${Date.now()}` });
    const heading = `${body.firstName} ${body.lastName}`;
    // Watch for the card before submitting, so its arrival is timed to the millisecond.
    await page.evaluate((text) => {
      const found = () => [...document.querySelectorAll('article h3')].some((element) => element.textContent === text);
      const store = globalThis as unknown as { cardSeen?: Promise<number> };
      store.cardSeen = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (found()) {
            observer.disconnect();
            resolve(Date.now());
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    }, heading);
    const startedAt = await visitor.evaluate(async (data) => {
      const started = Date.now();
      const response = await fetch('/api/project-inquiry', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(data),
      });
      if (response.status !== 201) throw new Error(`submit answered ${response.status}`);
      return started;
    }, body);
    const seenAt = await page.evaluate(() => (globalThis as unknown as { cardSeen: Promise<number> }).cardSeen);
    await expect(page.getByRole('article', { name: heading })).toBeVisible();
    latencies.push(seenAt - startedAt);
  }
  await visitorContext.close();

  const sorted = [...latencies].sort((a, b) => a - b);
  const median = (sorted[runs / 2 - 1] + sorted[runs / 2]) / 2;
  const worst = sorted[sorted.length - 1];
  const summary = `submit-to-card latency over ${runs} inquiries: median ${median} ms, worst ${worst} ms (all: ${latencies.join(', ')} ms)`;
  console.log(summary);
  test.info().annotations.push({ type: 'latency', description: summary });
  expect(latencies).toHaveLength(runs);
});
