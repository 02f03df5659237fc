import { readFileSync } from 'node:fs';
import { expect, signIn, test } from '../support/fixtures';
import { card, dashboardReady, seed, tab, toast, totalOf } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

test.describe('admin actions', () => {
  test('deleting an inquiry: dismissing the confirmation keeps it, accepting deletes it', async ({ page, request, adminApi }) => {
    const stored = await seed.inquiry(request);
    const name = `${stored.firstName} ${stored.lastName}`;
    await signIn(page);
    await dashboardReady(page);
    const before = await totalOf(adminApi, '/api/project-inquiries');
    await expect(tab(page, `Inquiries (${before})`)).toBeVisible();

    const deleteButton = card(page, name).getByRole('button', { name: `Delete inquiry from ${name}` });
    await deleteButton.click();
    const confirmation = page.getByRole('alertdialog', { name: `Delete inquiry from ${name}?` });
    await expect(confirmation).toHaveAccessibleDescription('Are you sure you want to delete this inquiry?');
    // Cancel has the focus, so a stray Enter keeps the inquiry; Escape keeps it too and gives the focus back.
    await expect(confirmation.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolations(page, '[role="alertdialog"]');
    await page.keyboard.press('Escape');
    await expect(confirmation).toBeHidden();
    await expect(deleteButton).toBeFocused();
    await expect(card(page, name)).toBeVisible();
    expect(await totalOf(adminApi, '/api/project-inquiries')).toBe(before);

    await deleteButton.click();
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Success')).toContainText('Inquiry deleted successfully');
    await expect(card(page, name)).toHaveCount(0);
    await expect(tab(page, `Inquiries (${before - 1})`)).toBeVisible();
    expect(await totalOf(adminApi, '/api/project-inquiries')).toBe(before - 1);
  });

  test('a failed delete shows the spec error toast and keeps the card', async ({ page, request }) => {
    const stored = await seed.inquiry(request);
    const name = `${stored.firstName} ${stored.lastName}`;
    await signIn(page);
    await page.route('**/api/project-inquiry/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, body: 'Server error' }) : route.continue(),
    );
    await card(page, name)
      .getByRole('button', { name: `Delete inquiry from ${name}` })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    const alert = toast(page, 'Failed to delete inquiry');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Error');
    await expect(card(page, name)).toBeVisible();
  });

  test('deleting a quote request asks first', async ({ page, request, adminApi }) => {
    const stored = await seed.quote(request);
    const name = `${stored.firstName} ${stored.lastName}`;
    await signIn(page);
    await tab(page, /^Quote requests/).click();

    const deleteButton = card(page, name).getByRole('button', { name: `Delete quote request from ${name}` });
    const confirmation = page.getByRole('alertdialog', { name: `Delete quote request from ${name}?` });
    await deleteButton.click();
    await expect(confirmation).toHaveAccessibleDescription('Are you sure you want to delete this quote request?');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(card(page, name)).toBeVisible();

    const before = await totalOf(adminApi, '/api/quote-requests');
    await deleteButton.click();
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Quote request deleted successfully')).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
    await expect(tab(page, `Quote requests (${before - 1})`)).toBeVisible();
  });

  test('approving a review needs no confirmation and publishes it', async ({ page, request }) => {
    const stored = await seed.review(request);
    await signIn(page);
    await tab(page, /^Reviews/).click();
    const reviewCard = card(page, stored.customerName);
    await expect(reviewCard.getByText('Pending', { exact: true })).toBeVisible();

    await reviewCard.getByRole('button', { name: `Approve review from ${stored.customerName}` }).click();
    await expect(toast(page, 'Success')).toContainText('Review approved successfully');
    await expect(reviewCard.getByText('Approved', { exact: true })).toBeVisible();
    await expect(reviewCard.getByRole('button', { name: /Approve/ })).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    const published = (await (await request.get('/api/reviews')).json()) as { id: string; customerName: string }[];
    expect(published.map((entry) => entry.id)).toContain(stored.id);
  });

  test('deleting a review: dismissed keeps it, accepted deletes it', async ({ page, request, adminApi }) => {
    const stored = await seed.review(request);
    await signIn(page);
    await tab(page, /^Reviews/).click();
    const deleteButton = card(page, stored.customerName).getByRole('button', { name: `Delete review from ${stored.customerName}` });

    const confirmation = page.getByRole('alertdialog', { name: `Delete review from ${stored.customerName}?` });
    await deleteButton.click();
    await expect(confirmation).toHaveAccessibleDescription('Are you sure you want to delete this review?');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(card(page, stored.customerName)).toBeVisible();

    await deleteButton.click();
    await confirmation.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Review deleted successfully')).toBeVisible();
    await expect(card(page, stored.customerName)).toHaveCount(0);
    const all = (await (await adminApi.get('/api/reviews/all?limit=200')).json()) as { id: string }[];
    expect(all.map((entry) => entry.id)).not.toContain(stored.id);
  });

  test('a failed approval shows the spec error toast', async ({ page, request }) => {
    const stored = await seed.review(request);
    await signIn(page);
    await tab(page, /^Reviews/).click();
    await page.route('**/api/review/*/approve', (route) => route.fulfill({ status: 500, body: '' }));
    await card(page, stored.customerName)
      .getByRole('button', { name: `Approve review from ${stored.customerName}` })
      .click();
    await expect(toast(page, 'Failed to approve review')).toBeVisible();
    await expect(card(page, stored.customerName).getByText('Pending', { exact: true })).toBeVisible();
  });

  test('CSV export of inquiries: every record, labels, and formulas neutralised', async ({ page, request }) => {
    const hostile = await seed.inquiry(request, {
      // A formula (names may not hold a web address, so it links within the sheet).
      firstName: '=HYPERLINK("#A1","Click")',
      lastName: 'Doe, Jr',
      rooms: ['study', 'wardrobe'],
      budget: '15000-30000',
      timeline: 'asap',
      phone: '+61 400 555 666',
    });
    await signIn(page);
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^inquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Received,First name,Last name,Email,Phone,Rooms,Budget,Timeline,Status,First contact,Last note,ID,Interested in,Channel,Source,Medium,Campaign,Landing page,Marketing consent',
    );
    // Sent from the inquiry page, not from a showroom design, with no source and no consent: Interested in is empty, the channel Direct.
    const row = lines.find((line) => line.endsWith(`,${hostile.id},,Direct,,,,,No`));
    expect(row).toBeDefined();
    expect(row).toContain(
      `"'=HYPERLINK(""#A1"",""Click"")","Doe, Jr",${hostile.email},'+61 400 555 666,Study; Wardrobe,"$15,000 - $30,000",As soon as possible,New,,,${hostile.id}`,
    );
    const total = await totalOf(page.request, '/api/project-inquiries');
    expect(lines.filter((line) => line.length > 0)).toHaveLength(total + 1);
  });

  test('CSV export of quote requests, with status, first contact and the last note', async ({ page, request, adminApi }) => {
    const stored = await seed.quote(request, { suburb: '@Brunswick', room: 'Laundry' });
    expect(
      (await adminApi.patch(`/api/quote-request/${stored.id}`, { data: { status: 'quoted', note: '=Quote sent, $9,000' } })).status(),
    ).toBe(200);
    await signIn(page);
    await tab(page, /^Quote requests/).click();
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^quote-requests-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Received,First name,Last name,Email,Suburb,Room,Status,First contact,Last note,ID,Channel,Source,Medium,Campaign,Landing page,Marketing consent',
    );
    const row = lines.find((line) => line.endsWith(`,${stored.id},Direct,,,,,No`));
    expect(row).toContain(`,${stored.firstName},Smith,${stored.email},'@Brunswick,Laundry,Quoted,`);
    expect(row).toMatch(
      new RegExp(`,Quoted,\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},"'=Quote sent, \\$9,000",${stored.id},Direct,,,,,No$`),
    );
  });
});
