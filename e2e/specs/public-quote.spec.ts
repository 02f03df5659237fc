import type { Page } from '@playwright/test';
import type { QuoteRequest } from '@site/domain';
import { expect, failOnConsoleErrors, test } from '../support/fixtures';
import { startServer } from '../support/server';
import { expectNoAxeViolations } from './axe';
import { expectToast, uniqueName } from './public-helpers';

async function openQuote(page: Page, base = '') {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Free Quote' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Free Quote' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('free quote dialog', () => {
  test('a valid request is stored, fires the conversion hook and thanks the visitor', async ({ page, adminApi }) => {
    const check = failOnConsoleErrors(page);
    await page.addInitScript(() => {
      (window as unknown as { conversions: number }).conversions = 0;
      (window as unknown as { gtagReportFreeQuoteConversion: () => void }).gtagReportFreeQuoteConversion = () => {
        (window as unknown as { conversions: number }).conversions += 1;
      };
    });
    const firstName = uniqueName('Liam');
    const dialog = await openQuote(page);
    await expect(dialog.getByText("We'll get back to you with a detailed quote")).toBeVisible();
    await expect(dialog.getByLabel('Suburb')).toHaveAttribute('placeholder', 'e.g. Richmond');
    await expect(dialog.getByRole('radiogroup')).toBeVisible();
    await expect(dialog.getByText('Which room would you like to renovate?')).toBeVisible();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByLabel('First name').fill(firstName);
    await dialog.getByLabel('Last name').fill('Smith');
    await dialog.getByLabel('Email').fill('liam@example.com');
    await dialog.getByLabel('Suburb').fill('Richmond');
    await dialog.getByRole('radio', { name: 'Bathroom' }).check();
    await dialog.getByRole('button', { name: 'Request Free Quote' }).click();

    const success = page.getByRole('dialog', { name: `Thank You, ${firstName}!` });
    await expect(success).toBeVisible();
    await expect(success).toContainText(
      "We've received your project inquiry. Our team will be in touch very shortly to discuss your renovation project.",
    );
    await expect(success).toContainText("You'll receive a confirmation email and SMS shortly.");
    expect(await page.evaluate(() => (window as unknown as { conversions: number }).conversions)).toBe(1);
    await success.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const stored = (await (await adminApi.get('/api/quote-requests')).json()) as QuoteRequest[];
    expect(stored.find((q) => q.firstName === firstName)).toMatchObject({
      lastName: 'Smith',
      email: 'liam@example.com',
      suburb: 'Richmond',
      room: 'Bathroom',
    });
    check();
  });

  test('each validation message, focus on the first invalid field, re-validation on change', async ({ page }) => {
    const dialog = await openQuote(page);
    await dialog.getByRole('button', { name: 'Request Free Quote' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Please enter a valid email',
      'Suburb is required',
      'Please select a room',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByLabel('First name').fill('Ella');
    await dialog.getByLabel('Last name').fill('Jones');
    await dialog.getByLabel('Email').fill('ella@example.com');
    await dialog.getByLabel('Suburb').fill('Fitzroy');
    await expect(dialog.getByText('Suburb is required')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Request Free Quote' }).click();
    await expect(dialog.getByRole('radio', { name: 'Kitchen' })).toBeFocused();
    await dialog.getByRole('radio', { name: 'Study' }).check();
    await expect(dialog.getByText('Please select a room')).toHaveCount(0);
  });

  test('closing resets the form', async ({ page }) => {
    const dialog = await openQuote(page);
    await dialog.getByLabel('First name').fill('Temp');
    await dialog.getByRole('button', { name: 'Request Free Quote' }).click();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Free Quote' }).click();
    await expect(dialog.getByLabel('First name')).toHaveValue('');
    await expect(dialog.getByText('Last name is required')).toHaveCount(0);
  });

  test('when the API is down the error toast shows and the dialog keeps its data', async ({ page }) => {
    const server = await startServer();
    try {
      const dialog = await openQuote(page, server.url);
      await dialog.getByLabel('First name').fill('Olivia');
      await dialog.getByLabel('Last name').fill('Wilson');
      await dialog.getByLabel('Email').fill('olivia@example.com');
      await dialog.getByLabel('Suburb').fill('Brunswick');
      await dialog.getByRole('radio', { name: 'Laundry' }).check();
      await server.stop();
      await dialog.getByRole('button', { name: 'Request Free Quote' }).click();
      await expectToast(page, 'Error', 'Failed to submit your quote request. Please try again.');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Suburb')).toHaveValue('Brunswick');
      await expect(dialog.getByRole('radio', { name: 'Laundry' })).toBeChecked();
    } finally {
      await server.dispose();
    }
  });
});
