import type { Locator, Page } from '@playwright/test';
import type { Inquiry } from '@site/domain';
import { expect, failOnConsoleErrors, test } from '../support/fixtures';
import { expectNoAxeViolations } from './axe';
import { expectToast, uniqueName } from './public-helpers';

async function openWizard(page: Page) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Your Project' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Select Rooms to Renovate' })).toBeVisible();
  return dialog;
}

async function dots(dialog: Locator) {
  return dialog
    .getByTestId('wizard-progress')
    .locator('[data-state]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-state')));
}

test.describe('project inquiry wizard', () => {
  test('four steps to a stored inquiry and the thank-you dialog', async ({ page, adminApi }) => {
    const check = failOnConsoleErrors(page);
    const firstName = uniqueName('Ava');
    const dialog = await openWizard(page);
    await expect(dialog.getByText('Choose one or more rooms')).toBeVisible();
    expect(await dots(dialog)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0);
    const next = dialog.getByRole('button', { name: 'Next', exact: true });
    await expect(next).toBeDisabled();
    await dialog.getByRole('button', { name: 'Kitchen' }).click();
    await expect(dialog.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Laundry' }).click();
    await dialog.getByRole('button', { name: 'Laundry' }).click();
    await expect(dialog.getByRole('button', { name: 'Laundry' })).toHaveAttribute('aria-pressed', 'false');
    await dialog.getByRole('button', { name: 'Bathroom' }).click();
    await expectNoAxeViolations(page, '[role="dialog"]');
    await next.click();

    await expect(dialog.getByRole('heading', { name: "What's Your Budget Range?" })).toBeVisible();
    await expect(dialog.getByText('Select an approximate budget')).toBeVisible();
    expect(await dots(dialog)).toEqual(['complete', 'current', 'upcoming', 'upcoming']);
    await expect(next).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /^\$/ })).toHaveText(['$5,000 - $15,000', '$15,000 - $30,000', '$30,000 - $50,000']);
    await dialog.getByRole('button', { name: '$15,000 - $30,000' }).click();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('heading', { name: 'Select Rooms to Renovate' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'true');
    await next.click();
    await expect(dialog.getByRole('button', { name: '$15,000 - $30,000' })).toHaveAttribute('aria-pressed', 'true');
    await next.click();

    await expect(dialog.getByRole('heading', { name: 'When Do You Want to Start?' })).toBeVisible();
    await expect(dialog.getByText('Select your preferred timeline')).toBeVisible();
    await expect(next).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /month|possible/ })).toHaveText([
      'As soon as possible',
      'In the next month',
      'Next 3 months',
      'Next 6 months',
    ]);
    await dialog.getByRole('button', { name: 'Next 3 months' }).click();
    await next.click();

    await expect(dialog.getByRole('heading', { name: 'Your Contact Details' })).toBeVisible();
    await expect(dialog.getByText("We'll get in touch shortly")).toBeVisible();
    expect(await dots(dialog)).toEqual(['complete', 'complete', 'complete', 'current']);
    await dialog.getByLabel('First name').fill(firstName);
    await dialog.getByLabel('Last name').fill('Nguyen');
    await dialog.getByLabel('Email').fill('ava@example.com');
    await dialog.getByLabel('Phone number').fill('0400 123 456');
    await expectNoAxeViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Submit' }).click();

    const success = page.getByRole('dialog', { name: /Thank You/ });
    await expect(success.getByRole('heading', { name: `Thank You, ${firstName}!` })).toBeVisible();
    await expect(success).toContainText(
      "We've received your project inquiry. Our team will be in touch very shortly to discuss your renovation project.",
    );
    await expect(success).toContainText("You'll receive a confirmation email and SMS shortly.");
    await expectNoAxeViolations(page, '[role="dialog"]');
    await success.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const stored = (await (await adminApi.get('/api/project-inquiries')).json()) as Inquiry[];
    const mine = stored.find((inquiry) => inquiry.firstName === firstName);
    expect(mine).toMatchObject({
      rooms: ['kitchen', 'bathroom'],
      budget: '15000-30000',
      timeline: '3-months',
      lastName: 'Nguyen',
      email: 'ava@example.com',
      phone: '0400 123 456',
    });

    // Submitted: a new wizard starts empty.
    await page.getByRole('button', { name: 'Start Your Project' }).click();
    await expect(page.getByRole('button', { name: 'Kitchen' })).toHaveAttribute('aria-pressed', 'false');
    check();
  });

  test('contact validation: on submit, then on change; focus on the first invalid field', async ({ page }) => {
    const dialog = await openWizard(page);
    await dialog.getByRole('button', { name: 'Study' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: '$5,000 - $15,000' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'As soon as possible' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    // Nothing shows before the first submit.
    await dialog.getByLabel('Email').fill('not-an-email');
    await expect(dialog.getByText('Please enter a valid email')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid email')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
    await expect(dialog.getByLabel('First name')).toBeFocused();
    await expect(dialog.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, '[role="dialog"]');
    // Re-validation on change.
    await dialog.getByLabel('First name').fill('Mia');
    await expect(dialog.getByText('First name is required')).toHaveCount(0);
    await dialog.getByLabel('Phone number').fill('12345');
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible();
    await dialog.getByLabel('Phone number').fill('0412 345 678');
    await expect(dialog.getByText('Please enter a valid phone number')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(dialog.getByLabel('Last name')).toBeFocused();
  });

  test('keeps its step and answers across a reload, and forgets them when closed', async ({ page }) => {
    const dialog = await openWizard(page);
    await dialog.getByRole('button', { name: 'Wardrobe' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: '$30,000 - $50,000' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'Next 6 months' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByLabel('First name').fill('Zoe');
    await page.reload();
    const restored = page.getByRole('dialog');
    await expect(restored.getByRole('heading', { name: 'Your Contact Details' })).toBeVisible();
    await expect(restored.getByLabel('First name')).toHaveValue('Zoe');
    await restored.getByRole('button', { name: 'Back' }).click();
    await expect(restored.getByRole('button', { name: 'Next 6 months' })).toHaveAttribute('aria-pressed', 'true');
    await restored.getByRole('button', { name: 'Back' }).click();
    await restored.getByRole('button', { name: 'Back' }).click();
    await expect(restored.getByRole('button', { name: 'Wardrobe' })).toHaveAttribute('aria-pressed', 'true');

    // Closing resets the form, returns to step 1 and clears all selections.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Start Your Project' }).click();
    await expect(page.getByRole('heading', { name: 'Select Rooms to Renovate' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Wardrobe' })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  });

  test('a failed submit shows the error toast and keeps the dialog and its data', async ({ page }) => {
    await page.route('**/api/project-inquiry', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    const dialog = await openWizard(page);
    await dialog.getByRole('button', { name: 'Kitchen' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: '$5,000 - $15,000' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByRole('button', { name: 'As soon as possible' }).click();
    await dialog.getByRole('button', { name: 'Next', exact: true }).click();
    await dialog.getByLabel('First name').fill('Noah');
    await dialog.getByLabel('Last name').fill('Brown');
    await dialog.getByLabel('Email').fill('noah@example.com');
    await dialog.getByLabel('Phone number').fill('0400 000 000');
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expectToast(page, 'Error', 'Failed to submit your inquiry. Please try again.');
    await expect(dialog.getByRole('heading', { name: 'Your Contact Details' })).toBeVisible();
    await expect(dialog.getByLabel('First name')).toHaveValue('Noah');
  });
});
