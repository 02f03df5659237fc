import { startSmtpServer, type ReceivedEmail, type TestSmtpServer } from '../../functions/test/message-peers';
import { test as base, expect, failOnConsoleErrors, signIn } from '../support/fixtures';
import { adminCredentials, startServer, type RunningServer } from '../support/server';
import { card, dashboardReady, seed, tab, uniqueName } from './admin-helpers';
import { expectNoAxeViolations } from './axe';

/**
 * An embedded server whose emails go to a real SMTP server started here, so the customer
 * follows the link in the quote's email as they would. It has no Stripe keys: the deposit is
 * offered by bank transfer.
 */
const test = base.extend<{ smtp: TestSmtpServer }, { workerSmtp: TestSmtpServer; mailServer: RunningServer }>({
  workerSmtp: [
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  mailServer: [
    async ({ workerSmtp }, use) => {
      const server = await startServer({ env: { SMTP_URL: workerSmtp.url, MAIL_FROM: 'Website <website@example.com>' } });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ mailServer }, use) => {
    await use(mailServer.url);
  },
  smtp: async ({ workerSmtp }, use) => {
    await use(workerSmtp);
  },
  adminApi: async ({ playwright, mailServer }, use) => {
    const context = await playwright.request.newContext({ baseURL: mailServer.url });
    expect((await context.post('/api/login', { data: adminCredentials })).status()).toBe(200);
    await use(context);
    await context.dispose();
  },
});

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

    const lead = await seed.inquiry(request, { firstName: uniqueName('Mia'), lastName: 'Walker' });
    const name = `${lead.firstName} ${lead.lastName}`;
    await signIn(page);
    await dashboardReady(page);
    const check = failOnConsoleErrors(page);
    await tab(page, /Inquiries/).click();
    const mine = card(page, name);
    await mine.getByRole('button', { name: new RegExp(`^${name}`) }).click();

    // The quote: the cabinetry, and the benchtop in laminate (the default) or stone.
    await mine.getByRole('button', { name: `New quote for ${name}` }).click();
    await mine.getByLabel('Item 1 description').fill('Cabinetry and installation');
    await mine.getByLabel('Item 1 unit price excl. GST ($)').fill('10,000');
    for (const [n, description, price] of [
      [2, 'Laminate benchtop', '250.33'],
      [3, 'Stone benchtop', '900'],
    ] as const) {
      await mine.getByRole('button', { name: 'Add item' }).click();
      await mine.getByLabel(`Item ${n} description`).fill(description);
      await mine.getByLabel(`Item ${n} quantity`).fill('3.5');
      await mine.getByLabel(`Item ${n} unit`, { exact: true }).fill('m');
      await mine.getByLabel(`Item ${n} unit price excl. GST ($)`).fill(price);
      await mine.getByRole('combobox', { name: `Item ${n} counts as` }).click();
      await page.getByRole('option', { name: 'One option of a choice' }).click();
      await mine.getByLabel(`Item ${n} choice`).fill('Benchtop');
    }
    const particulars = mine.getByRole('region', { name: 'Contract particulars' });
    await particulars.getByRole('textbox', { name: 'Site address' }).fill('14 Smith Street, Northcote VIC 3070');
    await particulars.getByRole('radio', { name: 'Start within weeks of acceptance' }).check();
    await particulars.getByRole('textbox', { name: 'Start within (weeks)' }).fill('6');
    await particulars.getByRole('textbox', { name: 'Completion (weeks)' }).fill('4');
    const totals = mine.getByLabel('Totals');
    await expect(totals).toContainText('$11,963.78');
    await expect(totals).toContainText('$1,196.37');
    // Sent only once the last change is saved.
    await expect
      .poll(
        async () => {
          const { items } = (await (await adminApi.get(`/api/leads/inquiry/quotes?ids=${lead.id}`)).json()) as {
            items: Record<string, Array<{ completionWeeks?: number; items: unknown[] }>>;
          };
          return [items[lead.id]?.[0]?.items.length, items[lead.id]?.[0]?.completionWeeks];
        },
        { timeout: 10_000 },
      )
      .toEqual([3, 4]);
    await expect(mine.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await expectNoAxeViolations(page, 'main');

    await mine.getByRole('button', { name: /^Send version 1$/ }).click();
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
});
