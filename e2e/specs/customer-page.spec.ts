import { type ReceivedEmail, type TestSmtpServer } from '@site/test-support/message-peers';
import { failOnConsoleErrors } from '../support/fixtures';
import { expect, test } from '../support/mail';
import { adminCredentials } from '../support/server';
import { seed } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

/**
 * The customer's page on phones: the newest open quote's total and Accept button on the first
 * screen, and after accepting the bank details with their Copy buttons without another tap.
 * An embedded server whose emails go to an SMTP server (support/mail.ts), so the customer follows
 * the quote email's link; no Stripe keys, so the deposit is paid by bank transfer.
 */

const screenHeight = 844;
test.use({ viewport: { width: 390, height: screenHeight } });

/** The longest brand the settings take: the title names it. */
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

test.describe("the customer's page on a phone", () => {
  test('the quote’s total and Accept button are on the first screen; after accepting, the bank details and Copy buttons show at once', async ({
    browser,
    request,
    smtp,
    mailServer,
    adminApi,
  }) => {
    test.setTimeout(150_000);
    const { version, settings } = (await (await adminApi.get('/api/settings')).json()) as {
      version: number;
      settings: { business: Record<string, unknown>; payments: Record<string, unknown> };
    };
    const saved = await adminApi.put('/api/settings', {
      data: {
        version,
        business: { ...settings.business, brand: longBrand },
        payments: {
          ...settings.payments,
          depositPercent: null,
          bankAccountName: 'Northcote Kitchens Pty Ltd',
          bankBsb: '063182',
          bankAccountNumber: '12345678',
        },
        currentPassword: adminCredentials.password,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // A quote request with a quote of a few lines and a benchtop choice, sent.
    const lead = await seed.quote(request);
    const draft = await adminApi.post(`/api/leads/quote/${lead.id}/quotes`, {
      data: {
        items: [
          { description: 'Cabinetry and installation', quantity: 1, unitPriceCents: 600_000 },
          { description: 'Laminate benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 25_000, group: 'Benchtop' },
          { description: 'Stone benchtop', quantity: 3.5, unit: 'm', unitPriceCents: 60_000, group: 'Benchtop' },
        ],
        notes: 'Price includes delivery and installation.',
        terms: 'Deposit on acceptance; balance on completion.',
      },
    });
    expect(draft.status(), await draft.text()).toBe(201);
    const quoteId = ((await draft.json()) as { id: string }).id;
    expect((await adminApi.post(`/api/quotes/${quoteId}/send`)).status()).toBe(200);
    const email = await arrived(smtp, (mail) => mail.to.includes(lead.email) && /^Your quote Q-/.test(mail.subject));
    const link = customerLink(email.text);

    const customer = await browser.newContext({
      baseURL: mailServer.url,
      viewport: { width: 390, height: screenHeight },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await customer.newPage();
    const check = failOnConsoleErrors(page);
    for (const width of [320, 390, 414, 440]) {
      await page.setViewportSize({ width, height: screenHeight });
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Your quote from ${longBrand}`);
      const accept = page.getByRole('button', { name: /^Accept for / });
      const total = page.getByLabel(/^Totals of Quote/).getByText('Total incl. GST');
      for (const [what, element] of [
        ['Accept button', accept],
        ['total', total],
      ] as const) {
        const box = await element.boundingBox();
        expect(box, `${what} at ${width} px`).not.toBeNull();
        expect(box!.y + box!.height, `${what} at ${width} px`).toBeLessThanOrEqual(screenHeight);
      }
      await expect(page.getByText(/^Deposit on acceptance: 10% \(\$[\d,]+\.\d\d\), by bank transfer$/)).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 390, height: screenHeight });
    await expectNoAxeViolations(page, 'main');
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : screenHeight });
      await page.screenshot({ path: test.info().outputPath(`customer-page-open-${width}.png`) });
    }
    await page.setViewportSize({ width: 390, height: screenHeight });

    await page.getByLabel('Your full name').fill(`${lead.firstName} Smith`);
    await page.getByRole('checkbox', { name: /I accept this quote/ }).check();
    await page.getByRole('button', { name: /^Accept for / }).click();
    await expect(page.getByText(`Accepted by ${lead.firstName} Smith on`)).toBeVisible();

    // No further tap: the details, each with its Copy button.
    const bank = page.getByLabel('Bank transfer details');
    await expect(bank).toContainText('Northcote Kitchens Pty Ltd');
    await expect(bank).toContainText('063-182');
    await expect(bank).toContainText('12345678');
    await expect(page.getByText(/^Due by [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    for (const name of ['Copy account name', 'Copy BSB', 'Copy account number', 'Copy reference']) {
      await expect(bank.getByRole('button', { name })).toBeVisible();
    }
    await bank.getByRole('button', { name: 'Copy account number' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied the account number' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('12345678');
    await expectNoAxeViolations(page, 'main');
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : screenHeight });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      await bank.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`customer-page-accepted-${width}.png`) });
    }
    check();
    await customer.close();
  });
});
