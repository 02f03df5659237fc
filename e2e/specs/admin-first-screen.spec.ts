/**
 * The dashboard's first screen comes drawn in the page (GET /admin, rendered by the server for
 * the signed-in owner): an owner on a phone reads the header, the counts and the new leads before
 * any script has run, and the app takes the page over when it is first used, without losing the
 * tap that brought it in. A new lead arriving first brings it in by itself.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { card, escapeRegExp, freeTimes, seed, uniqueName } from './admin-helpers';

const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The requests the next document the page navigates to makes for the API and for scripts (not the one it leaves). */
function recordRequests(page: Page) {
  const made: string[] = [];
  let arrived = false;
  page.once('framenavigated', () => (arrived = true));
  page.on('request', (request: Request) => {
    const { pathname } = new URL(request.url());
    if (arrived && (pathname.startsWith('/api/') || request.resourceType() === 'script')) made.push(pathname);
  });
  return made;
}

/** A site measure booked on the second day offered; its day and the customer's name. */
async function bookVisit(request: APIRequestContext) {
  const day = (await freeTimes(request)).days[1];
  const visit = await seed.booking(request, day.slots[0].start, {
    firstName: uniqueName('Ottilie'),
    lastName: 'Vance',
    street: '9 Mitchell Street',
  });
  return { day, name: `${visit.firstName} Vance` };
}

test.describe('the dashboard drawn by the server', () => {
  test('a phone shows the header, the counts and the newest leads with no script run', async ({ page, browser, request, baseURL }) => {
    const lead = await seed.inquiry(request);
    await signIn(page);
    const noScript = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false });
    try {
      await noScript.addCookies(await page.context().cookies());
      const bare = await noScript.newPage();
      await bare.goto('/admin');
      await expect(bare.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
      await expect(bare.getByText('Logged in as')).toBeVisible();
      await expect(bare.getByText('New leads waiting:')).toBeVisible();
      await expect(bare.getByRole('tab', { name: /^Inquiries \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
      await expect(bare.getByRole('tab', { name: /^Quote requests \(\d+\)$/ })).toBeVisible();
      await expect(card(bare, `${lead.firstName} ${lead.lastName}`)).toBeVisible();
      // Folded, as the app shows a phone's cards.
      await expect(card(bare, `${lead.firstName} ${lead.lastName}`).getByRole('button', { expanded: false }).first()).toBeVisible();
    } finally {
      await noScript.close();
    }
  });

  test('the first tap brings the app in and does what it was for: the card opens, and updates go live', async ({
    browser,
    request,
    baseURL,
  }) => {
    const lead = await seed.inquiry(request);
    const context = await browser.newContext({ ...phone, baseURL });
    try {
      const page = await context.newPage();
      await signIn(page);
      const noErrors = failOnConsoleErrors(page);
      const made = recordRequests(page);
      await page.goto('/admin');
      const leadCard = card(page, `${lead.firstName} ${lead.lastName}`);
      await expect(leadCard).toBeVisible();
      await page.waitForLoadState('load');
      // Before any use: the entry script and the live channel, nothing of the app's.
      expect(made.filter((path) => path.startsWith('/api/') && path !== '/api/events')).toEqual([]);
      expect(made.filter((path) => path.startsWith('/assets/admin-app'))).toEqual([]);
      const fold = leadCard.getByRole('button', { expanded: false }).first();
      await fold.tap();
      await expect(leadCard.getByRole('button', { expanded: true }).first()).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
      expect(made.some((path) => path.startsWith('/assets/admin-app'))).toBe(true);
      noErrors();
    } finally {
      await context.close();
    }
  });

  test('a lead arriving before the page is used shows by itself', async ({ page, request }) => {
    await signIn(page);
    // The live channel answers once it listens: a lead sent after that reaches it.
    const listening = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await page.goto('/admin');
    await expect(page.getByText('Logged in as')).toBeVisible();
    await listening;
    const lead = await seed.inquiry(request);
    await expect(card(page, `${lead.firstName} ${lead.lastName}`)).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  });

  test("the Calendar on a phone shows the day's visit with no script run, and its first tap moves to the next day", async ({
    browser,
    request,
    baseURL,
  }) => {
    const visit = await bookVisit(request);
    const heading = (label: string) => ({ name: new RegExp(`^${escapeRegExp(label)} \\d{4}$`) });
    const context = await browser.newContext({ ...phone, baseURL });
    try {
      const page = await context.newPage();
      await signIn(page);
      const noScript = await browser.newContext({ ...phone, baseURL, javaScriptEnabled: false });
      try {
        await noScript.addCookies(await context.cookies());
        const bare = await noScript.newPage();
        await bare.goto(`/admin?tab=calendar&day=${visit.day.date}`);
        await expect(bare.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
        await expect(bare.getByRole('heading', heading(visit.day.label))).toBeVisible();
        await expect(bare.getByRole('listitem').filter({ hasText: visit.name })).toContainText(`${visit.day.slots[0].label} to`);
        await expect(bare.getByText('Loading the calendar')).toHaveCount(0);
      } finally {
        await noScript.close();
      }

      const noErrors = failOnConsoleErrors(page);
      const made = recordRequests(page);
      await page.goto(`/admin?tab=calendar&day=${visit.day.date}`);
      await expect(page.getByRole('listitem').filter({ hasText: visit.name })).toBeVisible();
      await page.waitForLoadState('load');
      // The tab strip is wider than a phone: it is scrolled to the Calendar, as the app would.
      await expect(page.getByRole('tab', { name: 'Calendar' })).toBeInViewport({ ratio: 1 });
      expect(made.filter((path) => path.startsWith('/assets/admin-app'))).toEqual([]);
      await page.getByRole('button', { name: 'Next day' }).tap();
      const following = new Date(Date.parse(`${visit.day.date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      await expect(page).toHaveURL(new RegExp(`day=${following}`));
      await expect(page.getByRole('heading', heading(visit.day.label))).toHaveCount(0);
      await expect(page.getByRole('listitem').filter({ hasText: visit.name })).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
      noErrors();
    } finally {
      await context.close();
    }
  });
});
