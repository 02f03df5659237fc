import { expect, signIn, test } from '../support/fixtures';
import { dashboardReady, seed, tab } from './admin-helpers';
import { axeViolations } from './axe';

test.describe('admin accessibility', () => {
  test('the login page has no axe violations, with and without errors', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Username')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('every dashboard tab with records has no axe violations', async ({ page, request }) => {
    // Five full axe scans of tabs whose lead cards carry their quotes: more than the default minute on a loaded machine.
    test.slow();
    await seed.inquiry(request);
    await seed.quote(request);
    await seed.review(request);
    await seed.visit(request, '/');
    await signIn(page);
    await dashboardReady(page);
    for (const name of [/^Inquiries/, /^Quote requests/, /^Reviews/, /^Visitors/, /^3D Models/]) {
      await tab(page, name).click();
      await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
      expect(await axeViolations(page), `tab ${name}`).toEqual([]);
    }
  });

  test('the delete button shows a visible focus ring when reached by keyboard', async ({ page, request }) => {
    const stored = await seed.inquiry(request);
    await signIn(page);
    const button = page.getByRole('button', { name: `Delete inquiry from ${stored.firstName} ${stored.lastName}` });
    await button.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(button).toBeFocused();
    await expect(button).toHaveClass(/Mui-focusVisible/);
    const outline = await button.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
    expect(outline).toBe('solid 3px');
  });
});
