import type { Inquiry } from '@site/domain';
import { readFileSync } from 'node:fs';
import { expect, failOnConsoleErrors, signIn, test } from '../support/fixtures';
import { card, dashboardReady, tab } from './admin-helpers';
import { expectNoAxeViolations } from './axe';
import { uniqueName } from './public-helpers';

test.describe('privacy', () => {
  test('a customer ticks the marketing box under the notice; the admin sees it, finds the person, exports and erases them', async ({
    page,
    browser,
    server,
    adminApi,
  }) => {
    // Two whole journeys (the public wizard, then the admin's search, export and erasure) with
    // four axe passes: about 25 s alone, and past the default minute with two workers on a busy
    // machine.
    test.setTimeout(150_000);
    const visitorContext = await browser.newContext({ baseURL: server.url });
    const visitor = await visitorContext.newPage();
    const check = failOnConsoleErrors(visitor);
    await visitor.goto('/');
    const firstName = uniqueName('Mia');
    const email = `${firstName.toLowerCase()}@example.com`;
    await visitor.getByRole('button', { name: 'Start Your Project' }).click();
    const dialog = visitor.getByRole('dialog');
    for (const name of ['Kitchen', 'Next', '$15,000 - $30,000', 'Next', 'Next 3 months', 'Next'])
      await dialog.getByRole('button', { name, exact: true }).click();
    await dialog.getByLabel('First name').fill(firstName);
    await dialog.getByLabel('Last name').fill('Lee');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone number').fill('0412 345 678');
    await expect(dialog.getByText('We use these details only to reply about your project.', { exact: false })).toBeVisible();
    await expect(dialog.getByRole('link', { name: /privacy policy/ })).toHaveAttribute('href', '/privacy');
    const consent = dialog.getByRole('checkbox', { name: 'Send me occasional renovation ideas and offers' });
    await expect(consent).not.toBeChecked();
    await expectNoAxeViolations(visitor);
    await consent.check();
    await dialog.getByRole('button', { name: 'Submit' }).click();
    await expect(visitor.getByRole('dialog', { name: `Thank You, ${firstName}!` })).toBeVisible();
    check();
    await visitorContext.close();

    const stored = ((await (await adminApi.get(`/api/project-inquiries?q=${encodeURIComponent(email)}`)).json()) as Inquiry[])[0];
    expect(stored).toMatchObject({ email, marketingConsent: true });

    await signIn(page);
    await dashboardReady(page);
    await expect(card(page, `${firstName} Lee`).getByText(/Marketing consent: Yes, since /)).toBeVisible();

    await tab(page, 'Privacy').click();
    await page.getByLabel('Email address or phone number').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Find records' }).click();
    await expect(page.getByText(/^Found 1 inquiry, 0 quote requests, 0 reviews, \d+ messages?, 0 files\.$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Inquiries (1)' })).toContainText(`${firstName} Lee · ${email} · 0412 345 678`);
    await expectNoAxeViolations(page);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export JSON' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^personal-records-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await download.path(), 'utf8')) as { inquiries: Inquiry[] };
    expect(exported.inquiries.map((lead) => lead.id)).toEqual([stored.id]);

    await page.getByRole('button', { name: 'Erase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Erase these records?' });
    await expectNoAxeViolations(page);
    await confirm.getByLabel('Type ERASE to confirm').fill('ERASE');
    await confirm.getByRole('button', { name: 'Erase' }).click();
    await expect(page.getByText(/^Deleted 1 inquiry, /)).toBeVisible();
    await expect(page.getByText('No records found.')).toBeVisible();
    expect((await (await adminApi.get(`/api/project-inquiries?q=${encodeURIComponent(email)}`)).json()) as Inquiry[]).toEqual([]);
  });
});
