import type { Page } from '@playwright/test';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { card, dashboardReady, seed, tab, uniqueName } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

const android = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Nothing on the page is wider than the screen. */
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

test.describe('the dashboard at 390 px', () => {
  test('leads are one row each (name, service, status, when), the whole card opened in place', async ({ page, request }) => {
    const inquiry = await seed.inquiry(request, { firstName: uniqueName('Ivy'), rooms: ['kitchen', 'laundry'] });
    const quote = await seed.quote(request, { firstName: uniqueName('Quin'), room: 'Wardrobe' });
    await signIn(page);
    await dashboardReady(page);
    const assertNoErrors = failOnConsoleErrors(page);

    const name = `${inquiry.firstName} ${inquiry.lastName}`;
    const lead = card(page, name);
    const row = lead.getByRole('button', { name: new RegExp(`^${name}`) });
    await expect(row).toHaveAttribute('aria-expanded', 'false');
    await expect(row).toContainText('Kitchen, Laundry');
    await expect(row).toContainText('New');
    await expect(row).toContainText(/less than a minute ago|minutes? ago/);
    // A row, not the ~870 px card.
    expect((await lead.boundingBox())!.height).toBeLessThan(110);
    await expect(lead.getByRole('link', { name: inquiry.email })).toHaveCount(0);
    await fitsTheScreen(page);
    await expectNoAxeViolations(page, 'main');

    await row.click();
    await expect(row).toHaveAttribute('aria-expanded', 'true');
    await expect(lead.getByRole('link', { name: inquiry.email })).toBeVisible();
    await expect(lead.getByRole('button', { name: `Mark contacted: ${name}` })).toBeVisible();
    await expect(lead.getByRole('button', { name: `Delete inquiry from ${name}` })).toBeVisible();
    await fitsTheScreen(page);
    await expectNoAxeViolations(page, 'main');
    await row.click();
    await expect(lead.getByRole('link', { name: inquiry.email })).toHaveCount(0);

    await tab(page, /^Quote requests/).click();
    const quoteName = `${quote.firstName} ${quote.lastName}`;
    const quoteRow = card(page, quoteName).getByRole('button', { name: new RegExp(`^${quoteName}`) });
    await expect(quoteRow).toContainText('Wardrobe');
    expect((await card(page, quoteName).boundingBox())!.height).toBeLessThan(110);
    await quoteRow.click();
    await expect(card(page, quoteName).getByRole('link', { name: quote.email })).toBeVisible();
    assertNoErrors();
  });

  test('each visit is a few lines with its device summarised, not the whole User-Agent', async ({ page, request }) => {
    const marker = Date.now();
    await seed.visit(request, `/services?phone=${marker}`, android);
    await seed.visit(request, `/gallery?phone=${marker}`, iphone);
    await signIn(page);
    await dashboardReady(page);
    await tab(page, /^Visitors/).click();

    const table = page.getByRole('table', { name: 'Visitors' });
    const fromAndroid = table.getByRole('row').filter({ hasText: `/services?phone=${marker}` });
    const fromIphone = table.getByRole('row').filter({ hasText: `/gallery?phone=${marker}` });
    await expect(fromAndroid).toContainText('Chrome on Android');
    await expect(fromIphone).toContainText('Safari on iPhone');
    for (const row of [fromAndroid, fromIphone]) {
      await expect(row.getByText(/Mozilla/)).toBeHidden();
      expect((await row.boundingBox())!.height).toBeLessThan(160);
    }
    await fitsTheScreen(page);
    await expectNoAxeViolations(page, 'main');
  });
});

test.describe("the admin pages' header on a phone", () => {
  test('Account and Logout share one row inside the screen from 320 px, the live status on the name line', async ({ page }) => {
    await signIn(page);
    await dashboardReady(page);
    const header = page.getByRole('banner');
    const account = header.getByRole('link', { name: 'Account' });
    const logout = header.getByRole('button', { name: 'Logout' });
    const live = header.getByRole('status').filter({ hasText: 'Live' });
    for (const width of [320, 360, 390, 412]) {
      await page.setViewportSize({ width, height: phone.height });
      const [a, l, s] = [(await account.boundingBox())!, (await logout.boundingBox())!, (await live.boundingBox())!];
      expect(Math.abs(a.y - l.y), `Account and Logout on one row at ${width} px`).toBeLessThan(2);
      expect(l.x + l.width, `Logout inside the screen at ${width} px`).toBeLessThanOrEqual(width);
      // The status sits on the "Logged in as" line, above the buttons.
      await expect(header.getByText('Logged in as')).toContainText('Live');
      expect(s.y + s.height, `the live status above the buttons at ${width} px`).toBeLessThan(a.y);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});
