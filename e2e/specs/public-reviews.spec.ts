import type { Review } from '@site/domain';
import { expect, failOnConsoleErrors, test } from '../support/fixtures';
import { startServer } from '../support/server';
import { expectNoAxeViolations } from './axe';
import { expectToast, uniqueName } from './public-helpers';
import { businessTimeZone } from '@site/domain/calendar';

// 'MMMM d, yyyy' on the business's calendar, as the cards show it wherever the browser is.
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { timeZone: businessTimeZone, month: 'long', day: 'numeric', year: 'numeric' });

test.describe('customer reviews', () => {
  test('empty state on a fresh site, and the skeleton while loading', async ({ page }) => {
    const server = await startServer();
    try {
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/reviews', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.url}/`);
      const section = page.locator('#reviews');
      await expect(section.getByTestId('review-skeleton')).toHaveCount(3);
      // The reviews load as they come near the screen.
      await section.scrollIntoViewIfNeeded();
      release();
      await expect(section.getByText('Be the first to share your experience!')).toBeVisible();
      await expect(section.getByTestId('review-skeleton')).toHaveCount(0);
      await section.getByRole('button', { name: 'Write the First Review' }).click();
      await expect(page.getByRole('dialog', { name: 'Leave a Review' })).toBeVisible();
    } finally {
      await server.dispose();
    }
  });

  test('a review is shown publicly only after approval, with stars, name, date and text', async ({ page, adminApi }) => {
    const check = failOnConsoleErrors(page);
    const name = uniqueName('Grace ');
    const text = `Beautiful new kitchen, on time and on budget. ${name}`;
    await page.goto('/');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
    await dialog.getByLabel('Your name').fill(name);
    await dialog.locator('label', { hasText: /^4 Stars$/ }).click();
    await dialog.getByLabel('Your review').fill(text);
    await dialog.getByLabel('Email (optional)').fill('grace@example.com');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Success!', 'Thank you for your review! It will be visible once approved.');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const all = (await (await adminApi.get('/api/reviews/all')).json()) as Review[];
    const stored = all.find((r) => r.customerName === name);
    expect(stored).toMatchObject({ rating: 4, reviewText: text, email: 'grace@example.com', approved: false });

    await page.reload();
    await expect(page.locator('#reviews').getByTestId('review-skeleton')).toHaveCount(0);
    await expect(page.getByText(text)).toHaveCount(0);

    expect((await adminApi.post(`/api/review/${stored!.id}/approve`)).status()).toBe(200);
    await page.reload();
    const card = page.locator('#reviews article').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card).toContainText(text);
    await expect(card.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(card.locator('svg path[fill="currentColor"]')).toHaveCount(4);
    await expect(card.locator('svg')).toHaveCount(5);
    await expect(card).toContainText(longDate(stored!.createdAt));
    expect(longDate(stored!.createdAt)).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    await expectNoAxeViolations(page);
    check();
  });

  test('validation messages, rating 0 by default with hover preview, Cancel clears everything', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
    await expect(dialog.getByRole('radio', { checked: true })).toHaveAccessibleName('Empty');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByLabel('Your name').fill('A');
    await dialog.getByLabel('Your review').fill('Too short');
    await dialog.getByLabel('Email (optional)').fill('nope');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expect(dialog.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(dialog.getByText('Review must be at least 10 characters')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
    await expect(dialog.getByText('Please choose a rating from 1 to 5 stars')).toBeVisible();
    await expect(dialog.getByLabel('Your name')).toBeFocused();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByLabel('Your name').fill('Al');
    await expect(dialog.getByText('Name must be at least 2 characters')).toHaveCount(0);

    // Hovering previews the stars; the value stays 0 until a click.
    const stars = dialog.locator('.MuiRating-root');
    const box = (await stars.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    await expect(dialog.getByTestId('rating-preview')).toHaveText('Good');
    await expect(dialog.locator('.MuiRating-iconHover')).toHaveCount(3);
    await page.mouse.move(0, 0);
    await expect(dialog.getByTestId('rating-preview')).toHaveText('');
    await page.mouse.click(box.x + box.width * 0.9, box.y + box.height / 2);
    await expect(dialog.getByRole('radio', { name: '5 Stars' })).toBeChecked();
    await expect(dialog.getByText('Please choose a rating from 1 to 5 stars')).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Write a Review' }).click();
    await expect(dialog.getByLabel('Your name')).toHaveValue('');
    await expect(dialog.getByLabel('Your review')).toHaveValue('');
    await expect(dialog.getByRole('radio', { checked: true })).toHaveAccessibleName('Empty');
    await expect(dialog.getByText('Review must be at least 10 characters')).toHaveCount(0);
  });

  test('a failed submit shows the error toast and keeps the dialog open', async ({ page }) => {
    await page.route('**/api/review', (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/');
    await page.getByRole('button', { name: 'Write a Review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave a Review' });
    await dialog.getByLabel('Your name').fill('Henry');
    await dialog.locator('label', { hasText: /^5 Stars$/ }).click();
    await dialog.getByLabel('Your review').fill('Great work from start to finish.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await expectToast(page, 'Error', 'Failed to submit your review. Please try again.');
    await expect(dialog.getByLabel('Your name')).toHaveValue('Henry');
  });
});
