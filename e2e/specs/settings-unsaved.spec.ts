import type { Page } from '@playwright/test';
import { test, expect, failOnConsoleErrors, signIn } from '../support/fixtures';
import { dashboardReady, tab, toast } from './admin-helpers';

/**
 * The owner edits two sections of the Settings tab, on a phone and on a desktop: each section
 * says it has unsaved changes, another section's Save and another tab ask first, and after
 * both Saves a reload shows both values. Nothing typed is lost without the owner choosing to.
 */
// Each its own values: a worker's server keeps what the run before saved.
const sizes = [
  {
    name: 'a phone',
    viewport: { width: 390, height: 844 },
    phoneNumber: '(03) 9123 4567',
    houzzPage: 'https://www.houzz.com.au/pro/northcote',
  },
  {
    name: 'a 1280 px screen',
    viewport: { width: 1280, height: 800 },
    phoneNumber: '(03) 9876 5432',
    houzzPage: 'https://www.houzz.com.au/pro/northcote-kb',
  },
];

const unsavedQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Unsaved changes' });

for (const { name, viewport, phoneNumber, houzzPage } of sizes) {
  test.describe(`unsaved settings on ${name}`, () => {
    test.use({ viewport });

    test('the owner edits two sections, is asked before leaving either, and loses nothing', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page);
      await page.goto('/admin?tab=inquiries');
      await dashboardReady(page);
      const check = failOnConsoleErrors(page);
      await tab(page, 'Settings').click();

      const business = page.getByRole('region', { name: 'Business details' });
      const links = page.getByRole('region', { name: 'Links' });
      const phone = business.getByRole('textbox', { name: 'Phone' });
      const houzz = links.getByRole('textbox', { name: 'Houzz' });
      await phone.fill(phoneNumber);
      await expect(business.getByText('Unsaved changes')).toBeVisible();
      await houzz.fill(houzzPage);
      await expect(links.getByText('Unsaved changes')).toBeVisible();

      // Another tab asks first; keeping on editing stays on Settings with both changes.
      await tab(page, 'Reviews').click();
      const leaving = unsavedQuestion(page);
      await expect(leaving).toContainText('Business details and Links have changes that are not saved.');
      await leaving.getByRole('button', { name: 'Keep editing' }).click();
      await expect(leaving).toBeHidden();
      await expect(page).toHaveURL(/\?tab=settings$/);
      await expect(tab(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
      await expect(phone).toHaveValue(phoneNumber);

      // The browser's back asks too, and keeping on editing comes back to the same page.
      await page.goBack();
      await unsavedQuestion(page).getByRole('button', { name: 'Keep editing' }).click();
      await expect(page).toHaveURL(/\?tab=settings$/);
      await expect(houzz).toHaveValue(houzzPage);

      // Saving links says the business details are not saved by it; the owner keeps editing them.
      await links.getByRole('button', { name: 'Save links' }).click();
      const saving = unsavedQuestion(page);
      await expect(saving).toContainText('Business details has changes that are not saved. Saving links does not save them');
      await saving.getByRole('button', { name: 'Keep editing' }).click();
      await expect(toast(page, 'Links saved')).toBeVisible();
      await expect(links.getByText('Unsaved changes')).toBeHidden();
      await expect(business.getByText('Unsaved changes')).toBeVisible();
      await expect(phone).toHaveValue(phoneNumber);

      await business.getByRole('button', { name: 'Save business details' }).click();
      await expect(toast(page, 'Business details saved')).toBeVisible();
      await expect(business.getByText('Unsaved changes')).toBeHidden();

      await page.reload();
      await expect(page.getByRole('region', { name: 'Business details' }).getByRole('textbox', { name: 'Phone' })).toHaveValue(phoneNumber);
      await expect(page.getByRole('region', { name: 'Links' }).getByRole('textbox', { name: 'Houzz' })).toHaveValue(houzzPage);
      check();
    });
  });
}

test.describe('the admin at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every tab is in sight without scrolling the tabs, and the header keeps to one line', async ({ page }) => {
    await signIn(page);
    await page.goto('/admin?tab=inquiries');
    await dashboardReady(page);
    const tabs = page.getByRole('tab');
    expect(await tabs.count()).toBeGreaterThanOrEqual(11);
    // Nothing of the tab strip is hidden behind a scroll: each tab lies inside it.
    const strip = await page.getByRole('tablist', { name: 'Admin sections' }).boundingBox();
    for (const each of await tabs.all()) {
      const box = await each.boundingBox();
      expect(strip && box && box.x >= strip.x - 1 && box.x + box.width <= strip.x + strip.width + 1).toBe(true);
      expect(strip && box && box.y >= strip.y - 1 && box.y + box.height <= strip.y + strip.height + 1).toBe(true);
    }
    // The header's buttons keep to one line beside the page's name.
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    const account = await page.getByRole('link', { name: 'Account' }).boundingBox();
    const logout = await page.getByRole('button', { name: 'Logout' }).boundingBox();
    expect(account && logout && Math.abs(account.y - logout.y)).toBeLessThan(2);
    expect(title && logout && logout.x > title.x + title.width).toBe(true);
    await page.screenshot({ path: test.info().outputPath('admin-1280.png'), fullPage: false });
    await tab(page, 'Settings').click();
    await expect(page.getByRole('region', { name: 'Business details' })).toBeVisible();
  });
});
