import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { type ReceivedEmail, type TestSmtpServer } from '@site/test-support/message-peers';
import { failOnConsoleErrors, signIn } from '../support/fixtures';
import { expect, test } from '../support/mail';
import { adminCredentials } from '../support/server';
import { card, dashboardReady, seed, tab, uniqueName } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

/**
 * A quote over $10,000 made lawful under Victoria's Domestic Building Contracts Act: the owner
 * cannot send it without the builder's registration and the contract's particulars, attaches
 * the insurance certificate (over $16,000), and the customer, who follows the email's link as
 * they would, confirms the consumer guide, sees until when they may withdraw, downloads the
 * certificate, pays the deposit and withdraws; the lead's card shows the refund due.
 */

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

/** The longest brand the settings take: every heading and notice that names it must still fit a small phone. */
const longBrand = 'Northcote Kitchens, Bathrooms and Wardrobes Renovation Specialists of Melbourne';

async function arrived(smtp: TestSmtpServer, match: (mail: ReceivedEmail) => boolean): Promise<ReceivedEmail> {
  await expect.poll(() => smtp.received.some(match), { timeout: 20_000 }).toBe(true);
  return smtp.received.find(match) as ReceivedEmail;
}

function customerLink(text: string): string {
  const match = /https?:\/\/[^\s/]+(\/your-project\?t=[A-Za-z0-9_.%-]+)/.exec(text);
  if (!match) throw new Error(`no /your-project link in: ${text}`);
  return match[1];
}

/** A small PDF a reader opens: one empty page, its cross-reference table at the offsets it names. */
function certificatePdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Saves the business details with `changes`, as the Settings tab would. */
async function setBusiness(adminApi: APIRequestContext, changes: Record<string, unknown>) {
  const { version, settings } = (await (await adminApi.get('/api/settings')).json()) as {
    version: number;
    settings: { business: Record<string, unknown> };
  };
  const saved = await adminApi.put('/api/settings', { data: { version, business: { ...settings.business, ...changes } } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The page at 320, 390 and 1280 px: nothing wider than the screen, and a picture of each to look at. */
async function atEveryWidth(page: Page, what: Locator, name: string) {
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await what.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    await what.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize(phone);
}

test.describe('a major domestic building contract', () => {
  test('refused until its particulars are in, sent with the certificate, accepted with the guide, then withdrawn in the cooling-off period with the refund due', async ({
    page,
    browser,
    request,
    smtp,
    mailServer,
    adminApi,
  }) => {
    // The owner's and the customer's whole parts of the job, on phones, at three widths.
    test.setTimeout(240_000);
    await setBusiness(adminApi, { brand: longBrand, registrationNumber: undefined });
    const { version } = (await (await adminApi.get('/api/settings')).json()) as { version: number };
    const payments = await adminApi.put('/api/settings', {
      data: {
        version,
        payments: { depositPercent: null, bankAccountName: 'Northcote Kitchens Pty Ltd', bankBsb: '063000', bankAccountNumber: '12345678' },
        currentPassword: adminCredentials.password,
      },
    });
    expect(payments.status(), await payments.text()).toBe(200);

    const lead = await seed.inquiry(request, { firstName: uniqueName('Zoe'), lastName: 'Papadopoulos' });
    const name = `${lead.firstName} ${lead.lastName}`;
    await signIn(page);
    await dashboardReady(page);
    await tab(page, /Inquiries/).click();
    const mine = card(page, name);
    await mine.getByRole('button', { name: new RegExp(`^${name}`) }).click();

    // $21,818.18 + GST is $24,000.00: a major contract, and over $16,000.
    await mine.getByRole('button', { name: `New quote for ${name}` }).click();
    // The builder is a screen of its own, named for the lead.
    const builder = page.getByRole('dialog', { name: new RegExp(`for ${name}$`) });
    await builder.getByLabel('Item 1 description').fill('Kitchen renovation, supplied and installed');
    await builder.getByLabel('Item 1 unit price excl. GST ($)').fill('21,818.18');
    await expect(builder.getByLabel('Totals')).toContainText('$24,000.00');
    const particulars = builder.getByRole('region', { name: 'Contract particulars' });
    await expect(particulars).toContainText('Needed before sending: this quote can come to over $10,000');
    await expect(builder.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // Sent without them, it is refused with what is missing.
    await builder.getByRole('button', { name: /^Send version 1$/ }).click();
    await page
      .getByRole('alertdialog', { name: new RegExp(`^Send quote Q-\\d+ to ${name}\\?$`) })
      .getByRole('button', { name: 'Send' })
      .click();
    const refusal = mine.getByRole('alert').filter({ hasText: 'can come to over $10,000, so it is a major domestic building contract' });
    await expect(refusal).toContainText("the builder's registration number (Settings, Business details)");
    await expect(refusal).toContainText('the site address');
    await expect(refusal).toContainText('the completion period in weeks');
    // The browser logs that 409; anything logged from here on fails the test.
    const check = failOnConsoleErrors(page);

    await setBusiness(adminApi, { registrationNumber: 'DB-U 12345' });
    await mine.getByRole('button', { name: 'Edit draft' }).click();
    await particulars.getByRole('textbox', { name: 'Site address' }).fill('14 Smith Street, Northcote VIC 3070');
    await particulars.getByLabel('Start date').fill('2027-02-01');
    await particulars.getByRole('textbox', { name: 'Completion (weeks)' }).fill('10');
    // Sent only once the last of them is saved.
    await expect
      .poll(
        async () => {
          const { items } = (await (await adminApi.get(`/api/leads/inquiry/quotes?ids=${lead.id}`)).json()) as {
            items: Record<string, Array<{ completionWeeks?: number }>>;
          };
          return items[lead.id]?.[0]?.completionWeeks;
        },
        { timeout: 10_000 },
      )
      .toBe(10);
    await expect(builder.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await builder.getByRole('button', { name: /^Send version 1$/ }).click();
    await page
      .getByRole('alertdialog', { name: new RegExp(`^Send quote Q-\\d+ to ${name}\\?$`) })
      .getByRole('button', { name: 'Send' })
      .click();
    await expect(mine.getByText('Sent', { exact: true })).toBeVisible();

    // The certificate, attached to the sent quote.
    const certificate = certificatePdf();
    const insurance = mine.getByRole('group', { name: /^Insurance certificate for quote Q-\d+ version 1$/ });
    await insurance
      .locator('input[type=file]')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: certificate });
    const attached = insurance.getByRole('link', { name: /\.pdf$/ });
    await expect(attached).toBeVisible();
    const staffCopy = await page.request.get((await attached.getAttribute('href')) as string);
    expect(staffCopy.headers()['content-type']).toContain('application/pdf');
    expect(Buffer.compare(await staffCopy.body(), certificate)).toBe(0);

    // The customer, on their phone, from the email's link.
    const email = await arrived(smtp, (mail) => mail.to.includes(lead.email) && /quote/i.test(mail.subject));
    const customer = await browser.newContext({ baseURL: mailServer.url, viewport: phone });
    const customerPage = await customer.newPage();
    const customerCheck = failOnConsoleErrors(customerPage);
    await customerPage.goto(customerLink(email.text));
    const contract = customerPage.getByRole('region', { name: 'Your building contract' });
    await expect(contract).toContainText('14 Smith Street, Northcote VIC 3070');
    await expect(contract).toContainText('1 February 2027');
    await expect(contract).toContainText('10 weeks from the start');
    await expect(contract).toContainText('DB-U 12345');
    await expect(contract.getByRole('link', { name: 'Domestic Building Consumer Guide' })).toHaveAttribute(
      'href',
      /^https:\/\/www\.consumer\.vic\.gov\.au\//,
    );
    await expect(contract).toContainText(
      /You may withdraw from this contract by written notice within 5 clear business days after you receive a copy of it\. If you accept today, that is until \d{1,2} [A-Z][a-z]+ \d{4} at 5 pm\./,
    );
    await expectNoAxeViolations(customerPage, 'main');

    await customerPage.getByLabel('Your full name').fill(name);
    await customerPage.getByRole('checkbox', { name: /I accept this quote/ }).check();
    await customerPage.getByRole('button', { name: 'Accept for $24,000.00' }).click();
    await expect(customerPage.getByText('Tick the box to confirm you received the Domestic Building Consumer Guide')).toBeVisible();
    await customerPage.getByRole('checkbox', { name: 'I have received the Domestic Building Consumer Guide' }).check();
    await customerPage.getByRole('button', { name: 'Accept for $24,000.00' }).click();
    await expect(customerPage.getByText(`Accepted by ${name} on`)).toBeVisible();
    await expect(customerPage.getByText(/^You can withdraw until \d{1,2} [A-Z][a-z]+ \d{4} at 5 pm\.$/)).toBeVisible();

    // The certificate comes before the deposit, and downloads as attached.
    const download = customerPage.getByRole('link', { name: 'Domestic building insurance certificate (PDF)' });
    // The bank details show at once after acceptance, the certificate attached.
    const pay = customerPage.getByLabel('Bank transfer details');
    await expect(pay).toBeVisible();
    expect(await download.evaluate((link, button) => Boolean(link.compareDocumentPosition(button) & 4), await pay.elementHandle())).toBe(
      true,
    );
    const customerCopy = await customerPage.request.get((await download.getAttribute('href')) as string);
    expect(customerCopy.headers()['content-type']).toContain('application/pdf');
    expect(Buffer.compare(await customerCopy.body(), certificate)).toBe(0);
    await expectNoAxeViolations(customerPage, 'main');
    await atEveryWidth(customerPage, customerPage.locator('main'), 'customer-accepted');

    // 5% of $24,000.00 by bank transfer; the owner marks it received.
    await expect(customerPage.getByRole('heading', { name: 'Deposit: $1,200.00' })).toBeVisible();
    await expect(pay).toContainText('$1,200.00');
    await expect(mine.getByText(/^Cooling-off until \d{1,2} [A-Z][a-z]+ \d{4} at 5:00 pm$/)).toBeVisible({ timeout: 15_000 });
    // Showing the transfer does not touch the lead's history, so the card is not read again: the money arrives as staff record it.
    const { items } = (await (await adminApi.get(`/api/leads/inquiry/quotes?ids=${lead.id}`)).json()) as {
      items: Record<string, Array<{ id: string; deposit?: { status: string } }>>;
    };
    expect(items[lead.id][0].deposit?.status).toBe('pending');
    const paid = await adminApi.post(`/api/quotes/${items[lead.id][0].id}/deposit-paid`);
    expect(paid.status(), await paid.text()).toBe(200);
    await atEveryWidth(page, mine, 'card-accepted');

    // The customer withdraws: their typed name is the written notice.
    await customerPage.getByRole('button', { name: 'Withdraw from this contract' }).click();
    const dialog = customerPage.getByRole('dialog', { name: 'Withdraw from this contract' });
    await expect(dialog).toContainText('We may keep $100 of what you have paid and refund the rest.');
    await expectNoAxeViolations(customerPage, '[role="dialog"]');
    await atEveryWidth(customerPage, dialog, 'customer-withdraw-dialog');
    await dialog.getByRole('textbox', { name: 'Your full name' }).fill(name);
    await dialog.getByRole('button', { name: 'Send my notice to withdraw' }).click();
    await expect(customerPage.getByRole('status').filter({ hasText: 'You withdrew from this contract on' })).toContainText(
      'We will refund $1,100.00: what you paid less the $100 we may keep.',
    );
    await expect(customerPage.getByRole('button', { name: 'Withdraw from this contract' })).toHaveCount(0);
    await atEveryWidth(customerPage, customerPage.locator('main'), 'customer-withdrawn');
    customerCheck();
    await customer.close();

    // The owner's card: withdrawn, with the refund due, then marked made.
    await expect(mine.getByText('Withdrawn', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(mine.getByText(`Withdrawn by ${name} on`)).toBeVisible();
    await expect(mine.getByText('Refund due: $1,100.00 (paid less $100)')).toBeVisible();
    await atEveryWidth(page, mine, 'card-withdrawn');
    await expectNoAxeViolations(page, 'main');
    await mine.getByRole('button', { name: 'Mark refunded' }).click();
    await page
      .getByRole('alertdialog', { name: /^Mark the refund on quote Q-\d+ made\?$/ })
      .getByRole('button', { name: 'Mark refunded' })
      .click();
    await expect(mine.getByText(/^Refunded on \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    check();
  });
});
