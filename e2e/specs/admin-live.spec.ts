import type { Browser, Page } from '@playwright/test';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { card, dashboardReady, inquiry, quote, review, seed, signInAt, startCuttableProxy, tab, totalOf } from './admin-helpers';

/** A visitor in another browser: their own context, on the public site. */
async function publicVisitor(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/');
  return { context, page };
}

/** Submits a public form from the visitor's page, as the site's own scripts do. */
async function submitFrom(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate(
    async ([url, data]) => {
      const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(data) });
      return response.status;
    },
    [path, body] as const,
  );
}

/** Marks the dashboard's document so a reload would be noticed. */
async function markDocument(page: Page) {
  await page.evaluate(() => document.documentElement.setAttribute('data-e2e-no-reload', 'yes'));
  return async () => expect(page.locator('html')).toHaveAttribute('data-e2e-no-reload', 'yes');
}

test.describe('live dashboard', () => {
  test('an inquiry submitted in another browser appears without reload, with the count', async ({ page, browser, server, adminApi }) => {
    await signIn(page);
    await dashboardReady(page);
    const assertNoErrors = failOnConsoleErrors(page);
    const notReloaded = await markDocument(page);
    const before = await totalOf(adminApi, '/api/project-inquiries');
    await expect(tab(page, `Inquiries (${before})`)).toBeVisible();

    const visitor = await publicVisitor(browser, server.url);
    const body = inquiry();
    expect(await submitFrom(visitor.page, '/api/project-inquiry', body)).toBe(201);
    await expect(card(page, `${body.firstName} ${body.lastName}`)).toBeVisible();
    await expect(tab(page, `Inquiries (${before + 1})`)).toBeVisible();
    await notReloaded();
    await visitor.context.close();
    assertNoErrors();
  });

  test('quote requests, reviews and visits arrive live in their tabs and counts', async ({ page, browser, server, adminApi }) => {
    await signIn(page);
    await dashboardReady(page);
    const notReloaded = await markDocument(page);
    const visitor = await publicVisitor(browser, server.url);

    const quotesBefore = await totalOf(adminApi, '/api/quote-requests');
    const quoteBody = quote();
    expect(await submitFrom(visitor.page, '/api/quote-request', quoteBody)).toBe(201);
    await expect(tab(page, `Quote requests (${quotesBefore + 1})`)).toBeVisible();
    await tab(page, /^Quote requests/).click();
    await expect(card(page, `${quoteBody.firstName} ${quoteBody.lastName}`)).toBeVisible();

    const reviewsBefore = await totalOf(adminApi, '/api/reviews/all');
    await tab(page, /^Reviews/).click();
    const reviewBody = review();
    expect(await submitFrom(visitor.page, '/api/review', reviewBody)).toBe(201);
    await expect(card(page, reviewBody.customerName).getByText('Pending', { exact: true })).toBeVisible();
    await expect(tab(page, `Reviews (${reviewsBefore + 1})`)).toBeVisible();

    await tab(page, /^Visitors/).click();
    const visitsBefore = await totalOf(adminApi, '/api/visitors');
    const chartTotal = async () =>
      Number((await page.getByRole('img', { name: /^Visits per day from/ }).getAttribute('aria-label'))?.match(/: (\d+) in total/)?.[1]);
    const chartBefore = await chartTotal();
    const marker = `/gallery?live=${Date.now()}`;
    expect(await submitFrom(visitor.page, '/api/visits', { page: marker })).toBe(204);
    await expect(page.getByRole('row').filter({ hasText: marker })).toBeVisible();
    await expect(tab(page, `Visitors (${visitsBefore + 1})`)).toBeVisible();
    await expect.poll(chartTotal).toBe(chartBefore + 1);

    await notReloaded();
    await visitor.context.close();
  });

  test('a delete and an approval made in another admin session show up live', async ({ page, request, adminApi }) => {
    const stored = await seed.inquiry(request);
    const pending = await seed.review(request);
    await signIn(page);
    await dashboardReady(page);
    const notReloaded = await markDocument(page);
    const name = `${stored.firstName} ${stored.lastName}`;
    await expect(card(page, name)).toBeVisible();
    const before = await totalOf(adminApi, '/api/project-inquiries');

    expect((await adminApi.delete(`/api/project-inquiry/${stored.id}`)).status()).toBe(204);
    await expect(card(page, name)).toHaveCount(0);
    await expect(tab(page, `Inquiries (${before - 1})`)).toBeVisible();

    await tab(page, /^Reviews/).click();
    await expect(card(page, pending.customerName).getByText('Pending', { exact: true })).toBeVisible();
    expect((await adminApi.post(`/api/review/${pending.id}/approve`)).status()).toBe(200);
    await expect(card(page, pending.customerName).getByText('Approved', { exact: true })).toBeVisible();
    await notReloaded();
  });

  test('the dashboard catches up with what it missed while the live stream was down', async ({ page, request, server }) => {
    test.setTimeout(90_000);
    const proxy = await startCuttableProxy(server.port);
    try {
      await signInAt(page, proxy.url);
      await dashboardReady(page);
      const notReloaded = await markDocument(page);
      proxy.cut();
      await expect(page.getByRole('status').filter({ hasText: 'Reconnecting...' })).toBeVisible();
      // Sent while the dashboard cannot hear: its change event is lost.
      const stored = await seed.inquiry(request);
      proxy.restore();
      // The channel tries again after 1 s, 2 s, 4 s ... up to 30 s (lib/reconnect-delay.ts): the
      // longer the cut lasted (a slow seed on a loaded machine), the longer the next wait.
      await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 35_000 });
      await expect(card(page, `${stored.firstName} ${stored.lastName}`)).toBeVisible();
      await notReloaded();
    } finally {
      await proxy.close();
    }
  });

  test('a part whose code the connection dropped says so, and the rest of the dashboard works on', async ({ page, request }) => {
    const stored = await seed.inquiry(request);
    // The card's note form is its own download, fetched as the cards first show.
    await page.route(/\/assets\/lead-note-form-[\w-]+\.js$/, (route) => route.abort('connectionreset'));
    await signIn(page);
    await dashboardReady(page);
    const lead = card(page, `${stored.firstName} ${stored.lastName}`);
    await expect(lead.getByRole('alert')).toHaveText('The note form did not load. Check the connection, then reload the page.Reload');
    await expect(lead.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await tab(page, /^Reviews/).click();
    await expect(page.getByRole('heading', { name: 'Reviews', level: 2 })).toBeVisible();
  });

  test('a session ended elsewhere sends the dashboard to /login', async ({ page }) => {
    await signIn(page);
    await dashboardReady(page);
    expect((await page.request.post('/api/logout')).status()).toBe(204);
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});
