import { type ReceivedEmail, type TestSmtpServer } from '@site/test-support/message-peers';
import { failOnConsoleErrors, signIn } from '../support/fixtures';
import { expect, test } from '../support/mail';
import { adminCredentials } from '../support/server';
import { card, dashboardReady, seed, tab, uniqueName } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

/**
 * An embedded server whose emails go to a real SMTP server (support/mail.ts), so the customer
 * follows the link in the quote's email as they would. It has no Stripe keys: the deposit is
 * offered by bank transfer.
 */

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

async function arrived(smtp: TestSmtpServer, match: (mail: ReceivedEmail) => boolean): Promise<ReceivedEmail> {
  await expect.poll(() => smtp.received.some(match), { timeout: 20_000 }).toBe(true);
  return smtp.received.find(match) as ReceivedEmail;
}

/** The customer's page link of the email, as a path on this server (the email names the site's own address). */
function customerLink(text: string): string {
  const match = /https?:\/\/[^\s/]+(\/your-project\?t=[A-Za-z0-9_.%-]+)/.exec(text);
  if (!match) throw new Error(`no /your-project link in: ${text}`);
  return match[1];
}

test.describe('quotes the customer accepts online', () => {
  test('the owner builds a quote with a benchtop choice and sends it; the customer picks stone, accepts and is shown the bank details; the lead is won', async ({
    page,
    browser,
    request,
    smtp,
    mailServer,
    adminApi,
  }) => {
    // Two people's whole parts of the job, each checked with axe on a phone.
    test.setTimeout(150_000);
    // The bank account the deposit is paid into.
    const { version } = (await (await adminApi.get('/api/settings')).json()) as { version: number };
    const saved = await adminApi.put('/api/settings', {
      data: {
        version,
        payments: { depositPercent: null, bankAccountName: 'Northcote Kitchens Pty Ltd', bankBsb: '063000', bankAccountNumber: '12345678' },
        currentPassword: adminCredentials.password,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // The quote can come to over $10,000 with stone: a major contract needs the builder's registration before it is sent.
    const current = (await (await adminApi.get('/api/settings')).json()) as { version: number; settings: { business: object } };
    const registered = await adminApi.put('/api/settings', {
      data: { version: current.version, business: { ...current.settings.business, registrationNumber: 'DB-U 12345' } },
    });
    expect(registered.status(), await registered.text()).toBe(200);

    // The price list: the benchtops this business quotes again and again.
    const listed = (await (await adminApi.get('/api/settings')).json()) as { version: number };
    const prices = await adminApi.put('/api/settings', {
      data: {
        version: listed.version,
        priceList: [
          { id: 'laminate', description: 'Laminate benchtop', unit: 'm', unitPriceCents: 25_033, section: 'Benchtops' },
          { id: 'stone', description: 'Stone benchtop', unit: 'm', unitPriceCents: 90_000, section: 'Benchtops' },
        ],
      },
    });
    expect(prices.status(), await prices.text()).toBe(200);

    const lead = await seed.inquiry(request, { firstName: uniqueName('Mia'), lastName: 'Walker' });
    const name = `${lead.firstName} ${lead.lastName}`;
    await signIn(page);
    await dashboardReady(page);
    const check = failOnConsoleErrors(page);
    await tab(page, /Inquiries/).click();
    const mine = card(page, name);
    await mine.getByRole('button', { name: new RegExp(`^${name}`) }).click();

    // The quote: the cabinetry, and the benchtop in laminate (the default) or stone, picked from the price list.
    await mine.getByRole('button', { name: `New quote for ${name}` }).click();
    const builder = page.getByRole('dialog', { name: `New quote for ${name}` });
    await builder.getByRole('combobox', { name: 'Item 1 description' }).fill('Cabinetry and installation');
    await builder.getByLabel('Item 1 unit price excl. GST ($)').fill('10,000');
    await builder.getByRole('button', { name: 'Add choice' }).click();
    await builder.getByLabel('Choice 1 name').fill('Benchtop');
    for (const [n, typed, picked] of [
      [2, 'lamin', 'Laminate benchtop'],
      [3, 'ston', 'Stone benchtop'],
    ] as const) {
      await builder.getByRole('combobox', { name: `Item ${n} description` }).pressSequentially(typed);
      await page.getByRole('option', { name: new RegExp(`^${picked}`) }).click();
      await expect(builder.getByRole('combobox', { name: `Item ${n} description` })).toHaveValue(picked);
      await expect(builder.getByLabel(`Item ${n} unit`, { exact: true })).toHaveValue('m');
      await builder.getByLabel(`Item ${n} quantity`).fill('3.5');
    }
    await expect(builder.getByLabel('Item 2 unit price excl. GST ($)')).toHaveValue('250.33');
    await expect(builder.getByRole('radio', { name: 'Item 2 is the default' })).toBeChecked();

    // The benchtop choice moved above the cabinetry by keyboard: its handle, Space, Up, Space.
    await builder.getByRole('button', { name: 'Move choice Benchtop', exact: true }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Space');
    await expect(builder.getByRole('combobox', { name: 'Item 1 description' })).toHaveValue('Laminate benchtop');
    await expect(builder.getByRole('combobox', { name: 'Item 3 description' })).toHaveValue('Cabinetry and installation');
    await expect(page.locator('[id^="DndLiveRegion"]').filter({ hasText: 'dropped in place 1 of 2' })).toHaveCount(1);

    const particulars = builder.getByRole('region', { name: 'Contract particulars' });
    await particulars.getByRole('textbox', { name: 'Site address' }).fill('14 Smith Street, Northcote VIC 3070');
    await particulars.getByRole('radio', { name: 'Start within weeks of acceptance' }).check();
    await particulars.getByRole('textbox', { name: 'Start within (weeks)' }).fill('6');
    await particulars.getByRole('textbox', { name: 'Completion (weeks)' }).fill('4');
    const totals = builder.getByLabel('Totals');
    await expect(totals).toContainText('$11,963.78');
    await expect(totals).toContainText('$1,196.37');
    // Sent only once the last change is saved.
    await expect
      .poll(
        async () => {
          const { items } = (await (await adminApi.get(`/api/leads/inquiry/quotes?ids=${lead.id}`)).json()) as {
            items: Record<string, Array<{ completionWeeks?: number; items: Array<{ description: string; group?: string }> }>>;
          };
          const quote = items[lead.id]?.[0];
          return [quote?.items.map((item) => `${item.description}${item.group ? ` (${item.group})` : ''}`), quote?.completionWeeks];
        },
        { timeout: 10_000 },
      )
      .toEqual([['Laminate benchtop (Benchtop)', 'Stone benchtop (Benchtop)', 'Cabinetry and installation'], 4]);
    await expect(builder.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page, '[role="dialog"]');

    await builder.getByRole('button', { name: /^Send version 1$/ }).click();
    const dialog = page.getByRole('alertdialog', { name: new RegExp(`^Send quote Q-\\d+ to ${name}\\?$`) });
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(mine.getByText('Sent', { exact: true })).toBeVisible();
    await expect(mine.getByRole('link', { name: /^PDF of quote Q-\d+ version 1$/ })).toBeVisible();

    // The customer, on their own phone, follows the email's link.
    const email = await arrived(smtp, (mail) => mail.to.includes(lead.email) && /quote/i.test(mail.subject));
    const customer = await browser.newContext({ baseURL: mailServer.url, viewport: phone });
    const customerPage = await customer.newPage();
    const customerCheck = failOnConsoleErrors(customerPage);
    await customerPage.goto(customerLink(email.text));
    await expect(customerPage.getByRole('heading', { level: 1 })).toHaveText(/^Your quote from /);
    await expect(customerPage.getByRole('radio', { name: /Laminate benchtop/ })).toBeChecked();
    // The stone shows what it adds to the laminate: $3,150.00 less $876.16.
    await expect(customerPage.getByRole('radio', { name: /^Stone benchtop \(3\.5 m\)\s*\+\$2,273\.84$/ })).toBeVisible();
    await customerPage.getByRole('radio', { name: /Stone benchtop/ }).check();
    await expect(customerPage.getByLabel(/^Totals of Quote/)).toContainText('$14,465.00');
    await expectNoAxeViolations(customerPage, 'main');
    await customerPage.getByLabel('Your full name').fill(name);
    await customerPage.getByRole('checkbox', { name: /I accept this quote/ }).check();
    await customerPage.getByRole('checkbox', { name: 'I have received the Domestic Building Consumer Guide' }).check();
    await customerPage.getByRole('button', { name: 'Accept for $14,465.00' }).click();
    await expect(customerPage.getByText(`Accepted by ${name} on`)).toBeVisible();

    // The deposit: 10% of a total under $20,000, by bank transfer as the server has no Stripe keys.
    await expect(customerPage.getByRole('heading', { name: 'Deposit: $1,446.50' })).toBeVisible();
    // Shown at once, without another tap.
    const bank = customerPage.getByLabel('Bank transfer details');
    await expect(bank).toContainText('Northcote Kitchens Pty Ltd');
    await expect(bank).toContainText('063-000');
    await expect(bank).toContainText('12345678');
    await expect(bank).toContainText('$1,446.50');
    expect(await customerPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(customerPage, 'main');
    customerCheck();
    await customer.close();

    // The owner's card: won, with the accepted total.
    await expect(mine.getByRole('button', { name: `Status: Won. Change the status of ${name}` })).toBeVisible({ timeout: 15_000 });
    await expect(mine.getByText('Accepted: $14,465.00 incl. GST')).toBeVisible({ timeout: 15_000 });
    check();
  });

  test.describe('on a desktop', () => {
    test.use({ viewport: { width: 1280, height: 900 } });

    test('the builder takes the whole width, its labels whole; a section moves by keyboard and an item is saved to the price list', async ({
      page,
      request,
      adminApi,
    }) => {
      test.setTimeout(90_000);
      const lead = await seed.inquiry(request, { firstName: uniqueName('Noah'), lastName: 'Castellano-Whitfield' });
      const name = `${lead.firstName} ${lead.lastName}`;
      await signIn(page);
      await dashboardReady(page);
      const check = failOnConsoleErrors(page);
      await tab(page, /Inquiries/).click();
      // On a desktop the card is open already.
      const mine = card(page, name);
      await mine.getByRole('button', { name: `New quote for ${name}` }).click();
      const builder = page.getByRole('dialog', { name: `New quote for ${name}` });

      await builder.getByLabel('Section 1 name').fill('Cabinetry');
      await builder.getByRole('combobox', { name: 'Item 1 description' }).fill('Base cabinets, 2-pac gloss');
      await builder.getByLabel('Item 1 unit price excl. GST ($)').fill('5,000');
      await builder.getByRole('button', { name: 'Add section' }).click();
      await builder.getByLabel('Section 2 name').fill('Plumbing');
      await builder.getByRole('combobox', { name: 'Item 2 description' }).fill('Undermount sink');
      await builder.getByLabel('Item 2 unit', { exact: true }).fill('each');
      await builder.getByLabel('Item 2 unit price excl. GST ($)').fill('450');

      // The whole width, and no label cut short.
      const width = await builder.evaluate((element) => element.getBoundingClientRect().width);
      expect(width).toBeGreaterThanOrEqual(1200);
      const cut = await builder
        .locator('label')
        .evaluateAll((labels) => labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent));
      expect(cut).toEqual([]);

      // Plumbing first, by keyboard.
      await builder.getByRole('button', { name: 'Move section Plumbing', exact: true }).focus();
      // Each key waits for what a screen reader hears, as a slow machine may not have picked it up yet.
      await page.keyboard.press('Space');
      await expect(page.getByRole('status').filter({ hasText: 'Picked up Section Plumbing, in place 2 of 2.' })).toBeAttached();
      await page.keyboard.press('ArrowUp');
      await expect(page.getByRole('status').filter({ hasText: 'Section Plumbing is over place 1 of 2.' })).toBeAttached();
      await page.keyboard.press('Space');
      await expect(page.getByRole('status').filter({ hasText: 'Section Plumbing dropped in place 1 of 2.' })).toBeAttached();
      await expect(builder.getByLabel('Section 1 name')).toHaveValue('Plumbing');
      await expect(builder.getByRole('combobox', { name: 'Item 1 description' })).toHaveValue('Undermount sink');
      await expect(builder.getByRole('button', { name: 'Move section Plumbing', exact: true })).toBeFocused();

      await builder.getByRole('button', { name: 'Save item 1 to price list' }).click();
      await expect(page.getByText('Undermount sink is in the price list.')).toBeVisible();
      const { settings } = (await (await adminApi.get('/api/settings')).json()) as { settings: { priceList: unknown[] } };
      // The worker's server is shared with the other test, whose benchtops may be listed too.
      expect(settings.priceList).toContainEqual({
        id: expect.any(String),
        description: 'Undermount sink',
        unit: 'each',
        unitPriceCents: 45_000,
        section: 'Plumbing',
      });
      await expect(builder.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
      await expectNoAxeViolations(page, '[role="dialog"]');
      check();
    });
  });
});
