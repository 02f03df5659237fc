import type { Locator } from '@playwright/test';
import { budgetLabels, inquiryRoomLabels, timelineLabels } from '@site/domain';
import { startServer } from '../support/server';
import { expect, failOnConsoleErrors, holdRequests, signIn, test } from '../support/fixtures';
import { card, dashboardReady, seed, signInAt, tab, totalOf, visitWithoutUserAgent } from './admin-helpers';
import { businessTimeZone } from '@site/domain/calendar';

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const melbourneClock = new Intl.DateTimeFormat('en-AU', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "5 January 2025 at 3:04 pm" on Melbourne's clock, built from numbers (engines spell months and am/pm their own way). */
function melbourneDateTime(iso: string): string {
  const part = Object.fromEntries(melbourneClock.formatToParts(new Date(iso)).map(({ type, value }) => [type, value]));
  const hour = Number(part.hour);
  return `${Number(part.day)} ${months[Number(part.month) - 1]} ${part.year} at ${hour % 12 || 12}:${part.minute} ${hour < 12 ? 'am' : 'pm'}`;
}

/** The card's date says its own `datetime` in Australian English on Melbourne's clock. */
async function expectMelbourneDateTime(time: Locator) {
  const iso = await time.getAttribute('datetime');
  expect(iso).toBeTruthy();
  await expect(time).toHaveText(melbourneDateTime(iso!));
}

test.describe('admin dashboard tabs', () => {
  // A browser on the other side of the world: the dates staff read are still Melbourne's.
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('inquiries: name, long date and time, rooms, contact links, budget and timeline labels', async ({ page, request, adminApi }) => {
    const stored = await seed.inquiry(request, {
      rooms: ['kitchen', 'laundry'],
      budget: '50000+',
      timeline: '3-months',
      phone: '+61 400 123 456',
    });
    await signIn(page);
    const assertNoErrors = failOnConsoleErrors(page);
    const total = await totalOf(adminApi, '/api/project-inquiries');
    await expect(tab(page, `Inquiries (${total})`)).toHaveAttribute('aria-selected', 'true');

    const inquiryCard = card(page, `${stored.firstName} ${stored.lastName}`);
    await expect(inquiryCard).toBeVisible();
    // Long format with time, e.g. "22 November 2026 at 2:01 am".
    await expect(inquiryCard.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4} at \d{1,2}:\d{2} (am|pm)$/);
    await expectMelbourneDateTime(inquiryCard.locator('time'));
    await expect(inquiryCard.getByText(inquiryRoomLabels.kitchen, { exact: true })).toBeVisible();
    await expect(inquiryCard.getByText(inquiryRoomLabels.laundry, { exact: true })).toBeVisible();
    await expect(inquiryCard.getByRole('link', { name: stored.email })).toHaveAttribute('href', `mailto:${stored.email}`);
    await expect(inquiryCard.getByRole('link', { name: stored.phone })).toHaveAttribute('href', 'tel:+61400123456');
    await expect(inquiryCard).toContainText(budgetLabels['50000+']);
    await expect(inquiryCard).toContainText('$50,000+');
    await expect(inquiryCard).toContainText(timelineLabels['3-months']);
    await expect(inquiryCard.getByRole('button', { name: `Delete inquiry from ${stored.firstName} ${stored.lastName}` })).toBeVisible();
    assertNoErrors();
  });

  test('quote requests: name, date, suburb, room and email link', async ({ page, request, adminApi }) => {
    const stored = await seed.quote(request, { suburb: 'Hawthorn', room: 'Wardrobe' });
    await signIn(page);
    const total = await totalOf(adminApi, '/api/quote-requests');
    await tab(page, `Quote requests (${total})`).click();
    const quoteCard = card(page, `${stored.firstName} ${stored.lastName}`);
    await expect(quoteCard).toContainText('Suburb: Hawthorn');
    await expect(quoteCard).toContainText('Room: Wardrobe');
    await expectMelbourneDateTime(quoteCard.locator('time'));
    await expect(quoteCard.getByRole('link', { name: stored.email })).toHaveAttribute('href', `mailto:${stored.email}`);
    await expect(quoteCard.getByRole('button', { name: `Delete quote request from ${stored.firstName} ${stored.lastName}` })).toBeVisible();
  });

  test('reviews: stars, Pending or Approved, date, text, optional email; Approve only on pending ones', async ({
    page,
    request,
    adminApi,
  }) => {
    const pending = await seed.review(request, { rating: 3 });
    const approved = await seed.review(request, { rating: 5, email: '' });
    expect((await adminApi.post(`/api/review/${approved.id}/approve`)).status()).toBe(200);
    await signIn(page);
    const total = await totalOf(adminApi, '/api/reviews/all');
    await tab(page, `Reviews (${total})`).click();

    const pendingCard = card(page, pending.customerName);
    await expect(pendingCard.getByRole('img', { name: 'Rated 3 out of 5 stars' })).toBeVisible();
    await expect(pendingCard.getByText('Pending', { exact: true })).toBeVisible();
    await expectMelbourneDateTime(pendingCard.locator('time'));
    await expect(pendingCard).toContainText(pending.reviewText);
    await expect(pendingCard.getByRole('link', { name: 'olivia@example.com' })).toHaveAttribute('href', 'mailto:olivia@example.com');
    await expect(pendingCard.getByRole('button', { name: `Approve review from ${pending.customerName}` })).toBeVisible();

    const approvedCard = card(page, approved.customerName);
    await expect(approvedCard.getByRole('img', { name: 'Rated 5 out of 5 stars' })).toBeVisible();
    await expect(approvedCard.getByText('Approved', { exact: true })).toBeVisible();
    await expect(approvedCard.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    await expect(approvedCard.getByRole('link')).toHaveCount(0);
  });

  test('visitors: the table with Home for /, user agent or Unknown, IP, and the 30-day chart', async ({
    page,
    request,
    adminApi,
    server,
  }) => {
    // A browser's User-Agent (a made-up agent would be taken for a bot and not counted), marked to find its rows.
    const agent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 E2E/${Date.now()}`;
    const anonymousPage = `/services?e2e=${Date.now()}`;
    expect(await visitWithoutUserAgent(server.url, anonymousPage)).toBe(204);
    await seed.visit(request, '/', agent);
    await seed.visit(request, '/gallery', agent);
    await signIn(page);
    const total = await totalOf(adminApi, '/api/visitors');
    await tab(page, `Visitors (${total})`).click();

    const table = page.getByRole('table', { name: 'Visitors' });
    await expect(table.getByRole('columnheader')).toHaveText(['Date & Time', 'Page', 'Device Info', 'IP Address']);
    const rows = table.getByRole('row').filter({ hasText: agent });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText('/gallery');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText('Home');
    await expect(rows.nth(1).getByRole('cell').nth(3)).toHaveText('127.0.0.1');
    const anonymous = table.getByRole('row').filter({ hasText: anonymousPage });
    await expect(anonymous.getByRole('cell').nth(2)).toHaveText('Unknown');

    const chart = page.getByRole('img', { name: /^Visits per day from/ });
    await expect(chart).toBeVisible();
    await expect(chart.locator('[data-day]')).toHaveCount(30);
    // The chart's days are Melbourne's, not the browser's.
    const today = new Intl.DateTimeFormat('en-CA', {
      timeZone: businessTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
    const todayCount = Number(await chart.locator(`[data-day="${today}"]`).getAttribute('data-count'));
    expect(todayCount).toBeGreaterThanOrEqual(2);
    // The agent's two pages are one visitor; the visit without a User-Agent is another.
    const todayUnique = Number(await chart.locator(`[data-day="${today}"]`).getAttribute('data-unique'));
    expect(todayUnique).toBeGreaterThanOrEqual(2);
    expect(todayUnique).toBeLessThan(todayCount);
    await expect(page.getByText('Unique visitors', { exact: true })).toBeVisible();
  });

  test('every tab says so when it is empty, and the 3D Models tab is there', async ({ page }) => {
    const fresh = await startServer();
    try {
      await signInAt(page, fresh.url);
      await expect(tab(page, 'Inquiries (0)')).toBeVisible();
      await expect(page.getByText('No inquiries yet')).toBeVisible();
      await tab(page, 'Quote requests (0)').click();
      await expect(page.getByText('No quote requests yet')).toBeVisible();
      await tab(page, 'Reviews (0)').click();
      await expect(page.getByText('No reviews yet')).toBeVisible();
      await tab(page, 'Visitors (0)').click();
      await expect(page.getByText('No visitors tracked yet')).toBeVisible();
      await tab(page, '3D Models').click();
      await expect(page).toHaveURL(/tab=models/);
      await expect(page.getByRole('tabpanel')).not.toBeEmpty();
    } finally {
      await fresh.dispose();
    }
  });

  test('at a tab the browser draws, the dashboard paints from one request: GET /api/dashboard, then nothing above the list', async ({
    page,
  }) => {
    await signIn(page);
    const releaseStart = await holdRequests(page, '**/api/dashboard');
    await page.goto('/admin?tab=reviews');
    await expect(page.getByRole('progressbar', { name: 'Checking your session' })).toBeVisible();
    await expect(page.getByText('Logged in as')).toHaveCount(0);
    // Every other list the tab labels count and every figure above the list is in that one answer.
    const releaseLists = await holdRequests(page, /\/api\/(visitors|reviews\/all|quote-requests|leads\/stats|messages\/status)/);
    releaseStart();
    await expect(page.getByText('Logged in as')).toBeVisible();
    await expect(tab(page, /^Visitors \(\d+\)$/)).toBeVisible();
    await expect(tab(page, /^Reviews \(\d+\)$/)).toBeVisible();
    await expect(tab(page, /^Quote requests \(\d+\)$/)).toBeVisible();
    await expect(page.getByText('New leads waiting:')).toBeVisible();
    releaseLists();
    await dashboardReady(page);
  });

  test("the lead list's place is held while it loads: nothing above it moves when the leads arrive", async ({ page, request }) => {
    await seed.inquiry(request, { firstName: 'Placeholder' });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await dashboardReady(page);
    // Loaded afresh at a tab the app draws itself, then back to the inquiries, whose first page is held.
    await tab(page, /^Reviews/).click();
    await page.reload();
    await dashboardReady(page);
    const release = await holdRequests(page, /\/api\/project-inquiries(\?(?!.*status=).*)?$/);
    await tab(page, /^Inquiries/).click();
    const loading = page.getByRole('status', { name: 'Loading inquiries...' });
    await expect(loading).toBeVisible();
    const heading = page.getByRole('heading', { name: 'Project inquiries', level: 2 });
    const tabs = page.getByRole('tablist', { name: 'Admin sections' });
    const before = { heading: await heading.boundingBox(), tabs: await tabs.boundingBox(), list: await loading.boundingBox() };
    release();
    const first = page.getByRole('article').first();
    await expect(first).toBeVisible();
    await expect(loading).toHaveCount(0);
    expect(await heading.boundingBox()).toEqual(before.heading);
    expect(await tabs.boundingBox()).toEqual(before.tabs);
    // The list (its "Showing 1 of 1" line with the export button, then the cards) starts where the placeholder did.
    const listTop = page.getByText(/^Showing \d+ of \d+ inquiries$/).locator('..');
    expect((await listTop.boundingBox())?.y).toBe(before.list?.y);
  });

  test('the selected tab survives a reload and follows the back button', async ({ page }) => {
    await signIn(page);
    await tab(page, /^Reviews/).click();
    await expect(page).toHaveURL(/\?tab=reviews$/);
    await tab(page, /^Visitors/).click();
    await expect(page).toHaveURL(/\?tab=visitors$/);
    await page.reload();
    await expect(tab(page, /^Visitors/)).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\?tab=reviews$/);
    await expect(tab(page, /^Reviews/)).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(tab(page, /^Inquiries/)).toHaveAttribute('aria-selected', 'true');
  });

  test('long lists load 50 at a time, with the count from the API', async ({ page, playwright }) => {
    const fresh = await startServer();
    try {
      const request = await playwright.request.newContext({ baseURL: fresh.url });
      for (let index = 0; index < 55; index += 1) await seed.inquiry(request, { firstName: `Bulk${index}` });
      await request.dispose();
      // The cards' quotes: read for a whole page of cards at once, not one request per card.
      const quoteReads: string[] = [];
      page.on('request', (sent) => {
        const url = new URL(sent.url());
        if (sent.method() === 'GET' && /^\/api\/leads\/inquiry\/(.+\/)?quotes$/.test(url.pathname))
          quoteReads.push(url.pathname + url.search);
      });
      await signInAt(page, fresh.url);
      await dashboardReady(page);
      await expect(tab(page, 'Inquiries (55)')).toBeVisible();
      await expect(page.getByRole('article')).toHaveCount(50);
      await expect(page.getByText('Showing 50 of 55 inquiries')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Quotes for Bulk54 Nguyen' }).getByRole('button', { name: /^New quote/ }),
      ).toBeVisible();
      expect(quoteReads).toHaveLength(1);
      expect(new URL(quoteReads[0], fresh.url).searchParams.get('ids')?.split(',')).toHaveLength(50);
      await page.getByRole('button', { name: 'Load more' }).click();
      await expect(page.getByRole('article')).toHaveCount(55);
      await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
      await expect.poll(() => quoteReads.length).toBe(2);
      expect(new URL(quoteReads[1], fresh.url).searchParams.get('ids')?.split(',')).toHaveLength(5);
    } finally {
      await fresh.dispose();
    }
  });
});
