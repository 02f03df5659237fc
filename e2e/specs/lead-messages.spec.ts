import type { Locator, Page } from '@playwright/test';
import {
  startSmtpServer,
  startTwilioServer,
  twilioAccount,
  type ReceivedEmail,
  type TestSmtpServer,
  type TestTwilioServer,
} from '@site/test-support/message-peers';
import { test as base, expect, failOnConsoleErrors, signIn } from '../support/fixtures';
import { adminCredentials, startServer, type RunningServer } from '../support/server';
import { card, dashboardReady, seed, tab, toast, uniqueName } from './admin-helpers';
import { axeViolations } from './axe';

const staffEmail = 'office@example.com';
const staffMobile = '+61412345678';

interface Peers {
  smtp: TestSmtpServer;
  twilio: TestTwilioServer;
}

/**
 * An embedded server whose emails go to a real SMTP server (with login) and whose SMS go to
 * a Twilio-shaped HTTP server, both started here, so what the staff see on a card can be
 * checked against what actually arrived. The page and `request` talk to this server.
 */
const test = base.extend<{ peers: Peers }, { workerPeers: Peers; mailServer: RunningServer }>({
  workerPeers: [
    async ({}, use) => {
      const [smtp, twilio] = await Promise.all([startSmtpServer(), startTwilioServer()]);
      await use({ smtp, twilio });
      await Promise.all([smtp.close(), twilio.close()]);
    },
    { scope: 'worker' },
  ],
  mailServer: [
    async ({ workerPeers }, use) => {
      const server = await startServer({
        env: {
          SMTP_URL: workerPeers.smtp.url,
          MAIL_FROM: 'Website <website@example.com>',
          NOTIFY_EMAIL: staffEmail,
          NOTIFY_SMS: staffMobile,
          TWILIO_ACCOUNT_SID: twilioAccount.sid,
          TWILIO_AUTH_TOKEN: twilioAccount.token,
          TWILIO_FROM: twilioAccount.from,
          TWILIO_API_URL: workerPeers.twilio.url,
        },
      });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ mailServer }, use) => {
    await use(mailServer.url);
  },
  // Every test starts with peers that accept everything, whatever the previous one set.
  peers: async ({ workerPeers }, use) => {
    const acceptAll = () => {
      workerPeers.smtp.answer = () => undefined;
      workerPeers.twilio.answer = () => undefined;
    };
    acceptAll();
    await use(workerPeers);
    acceptAll();
  },
});

/** One message on a lead's card, found by who it is for, e.g. "Staff email to office@example.com". */
const message = (leadCard: Locator, title: string) => leadCard.getByRole('listitem').filter({ hasText: title });

/** The status chip of a message: exact, so "sent" does not match the "Sent <date>" line. */
const status = (row: Locator, label: string) => row.getByText(label, { exact: true });

/** Waits until the SMTP server has received a matching email, and returns it. */
async function arrived(smtp: TestSmtpServer, match: (mail: ReceivedEmail) => boolean): Promise<ReceivedEmail> {
  await expect.poll(() => smtp.received.some(match), { timeout: 20_000 }).toBe(true);
  const mail = smtp.received.find(match);
  if (!mail) throw new Error('the email went missing');
  return mail;
}

/** The four steps of the project inquiry wizard, as a visitor goes through them. */
async function submitInquiry(page: Page, contact: { firstName: string; lastName: string; email: string; phone: string }) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Start Your Project' }).click();
  const dialog = page.getByRole('dialog');
  const next = dialog.getByRole('button', { name: 'Next', exact: true });
  await dialog.getByRole('button', { name: 'Kitchen' }).click();
  await dialog.getByRole('button', { name: 'Bathroom' }).click();
  await next.click();
  await dialog.getByRole('button', { name: '$15,000 - $30,000' }).click();
  await next.click();
  await dialog.getByRole('button', { name: 'Next 3 months' }).click();
  await next.click();
  await dialog.getByLabel('First name').fill(contact.firstName);
  await dialog.getByLabel('Last name').fill(contact.lastName);
  await dialog.getByLabel('Email').fill(contact.email);
  await dialog.getByLabel('Phone number').fill(contact.phone);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: `Thank You, ${contact.firstName}!` })).toBeVisible();
}

test.describe('emails and SMS about leads', () => {
  test('an inquiry from the wizard reaches the staff by email, and its card shows every message sent', async ({ page, peers }) => {
    const check = failOnConsoleErrors(page);
    const firstName = uniqueName('Ava');
    const email = `${firstName.toLowerCase()}@example.com`;
    await submitInquiry(page, { firstName, lastName: 'Nguyen', email, phone: '0400 123 456' });
    check();

    // The staff alert, as the SMTP server received it.
    const alert = await arrived(peers.smtp, (mail) => mail.to.includes(staffEmail) && mail.subject.includes(firstName));
    expect(alert.subject).toBe(`New project inquiry: ${firstName} Nguyen (Kitchen, Bathroom)`);
    expect(alert.from).toBe('website@example.com');
    expect(alert.text).toContain(email);
    expect(alert.text).toContain('0400 123 456');

    await signIn(page);
    await dashboardReady(page);
    const leadCard = card(page, `${firstName} Nguyen`);
    await expect(status(message(leadCard, `Staff email to ${staffEmail}`), 'sent')).toBeVisible();
    await expect(status(message(leadCard, `Customer email to ${email}`), 'sent')).toBeVisible();
    await expect(status(message(leadCard, `Staff SMS to ${staffMobile}`), 'sent')).toBeVisible();
    await expect(status(message(leadCard, 'Customer SMS to +61400123456'), 'sent')).toBeVisible();
    await expect(message(leadCard, `Staff email to ${staffEmail}`)).toContainText('Sent ');
    // What the card says was sent did arrive.
    expect(peers.smtp.received.some((mail) => mail.to.includes(email) && mail.subject === 'We have received your project inquiry')).toBe(
      true,
    );
    expect(peers.twilio.received.some((sms) => sms.to === '+61400123456' && sms.body.includes(firstName))).toBe(true);
  });

  test("the staff email's link opens the dashboard on that lead alone, through the sign-in", async ({ page, request, peers }) => {
    const firstName = uniqueName('Linda');
    const lead = await seed.inquiry(request, { firstName, lastName: 'Park', email: `${firstName.toLowerCase()}@example.com` });
    // A newer lead, which the whole list shows and the link's view does not.
    const newer = await seed.inquiry(request, { firstName: uniqueName('Newer'), lastName: 'Lead' });
    const alert = await arrived(peers.smtp, (mail) => mail.to.includes(staffEmail) && mail.subject.includes(firstName));
    const link = /\/admin\?tab=inquiries&lead=[A-Za-z0-9_-]+/.exec(alert.text)?.[0];
    expect(link).toBe(`/admin?tab=inquiries&lead=${lead.id}`);

    // Signed out, as staff often are when the email arrives: the sign-in first, then the lead.
    await page.goto(link as string);
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel('Username').fill(adminCredentials.username);
    await page.getByLabel('Password').fill(adminCredentials.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/admin' && url.searchParams.get('lead') === lead.id);
    // From here (signed out, the session check's 401 is logged, as it should be).
    const check = failOnConsoleErrors(page);
    await dashboardReady(page);
    await expect(tab(page, /^Inquiries/)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Showing the inquiry from your link.')).toBeVisible();
    const leadCard = card(page, `${firstName} Park`);
    await expect(leadCard.getByRole('link', { name: lead.email })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(1);

    // Its status changes from here, as on the list.
    await leadCard.getByRole('button', { name: `Mark contacted: ${firstName} Park` }).click();
    await expect(toast(page, 'Status changed to Contacted')).toBeVisible();
    await expect(leadCard.getByRole('button', { name: `Status: Contacted. Change the status of ${firstName} Park` })).toBeVisible();

    await page.getByRole('button', { name: 'Show all inquiries' }).click();
    await expect(card(page, `${newer.firstName} Lead`)).toBeVisible();
    await expect(leadCard).toBeVisible();
    await expect(page.getByText('Showing the inquiry from your link.')).toBeHidden();
    expect(new URL(page.url()).searchParams.get('lead')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    check();
  });

  test('an email refused for good shows failed with the reason; Retry sends it once the mail server accepts', async ({
    page,
    request,
    peers,
  }) => {
    const refused = `${uniqueName('refused')}@example.com`;
    peers.smtp.answer = (to) => (to === refused ? { code: 550, message: 'No such user here' } : undefined);
    const lead = await seed.inquiry(request, { email: refused });
    await signIn(page);
    await dashboardReady(page);

    const row = message(card(page, `${lead.firstName} ${lead.lastName}`), `Customer email to ${lead.email}`);
    await expect(status(row, 'failed')).toBeVisible();
    await expect(row).toContainText('Reason: SMTP 550: No such user here');
    expect(peers.smtp.received.some((mail) => mail.to.includes(lead.email) && mail.text.includes(lead.firstName))).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    peers.smtp.answer = () => undefined;
    await row.getByRole('button', { name: `Retry customer email to ${lead.email}` }).click();
    await expect(toast(page, 'Message queued to be sent again')).toContainText('Success');
    await expect(status(row, 'sent')).toBeVisible();
    await expect(row.getByRole('button', { name: /^Retry/ })).toHaveCount(0);
    await expect(row).not.toContainText('Reason:');
    expect(peers.smtp.received.some((mail) => mail.to.includes(lead.email) && mail.text.includes(lead.firstName))).toBe(true);
  });

  test('the dashboard warns while the latest sends keep failing, and stops once one goes out', async ({ page, request, peers }) => {
    peers.smtp.answer = () => ({ code: 550, message: 'Mailbox unavailable' });
    peers.twilio.answer = () => ({ status: 401, body: { code: 20003, message: 'Authenticate', status: 401 } });
    const lead = await seed.inquiry(request);
    await signIn(page);
    await dashboardReady(page);

    // Staff email, customer email, staff SMS and customer SMS: all four refused.
    const banner = page.getByRole('alert').filter({ hasText: 'Emails or SMS are failing' });
    await expect(banner).toContainText('The last 4 emails or SMS could not be sent.');
    const row = message(card(page, `${lead.firstName} ${lead.lastName}`), `Staff email to ${staffEmail}`);
    await expect(status(row, 'failed')).toBeVisible();
    await expect(row).toContainText('Reason: SMTP 550: Mailbox unavailable');

    peers.smtp.answer = () => undefined;
    await row.getByRole('button', { name: /^Retry/ }).click();
    await expect(status(row, 'sent')).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});

base.describe('without a mail server or Twilio account', () => {
  // The fixtures' default server: no SMTP_URL, no Twilio settings.
  base('the dashboard says which settings to add, and the cards show their messages waiting or not sent', async ({ page, request }) => {
    const landline = await seed.inquiry(request, { phone: '03 9123 4567' });
    const quote = await seed.quote(request);
    await signIn(page);
    await dashboardReady(page);

    const email = page.getByRole('alert').filter({ hasText: 'Emails are not being sent' });
    await expect(email).toContainText('Set SMTP_URL and MAIL_FROM');
    const sms = page.getByRole('alert').filter({ hasText: 'Text messages (SMS) are not being sent' });
    await expect(sms).toContainText('Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM');

    const leadCard = card(page, `${landline.firstName} ${landline.lastName}`);
    await expect(status(message(leadCard, `Customer email to ${landline.email}`), 'queued')).toBeVisible();
    const noSms = message(leadCard, 'Customer SMS to 03 9123 4567');
    await expect(status(noSms, 'not sent')).toBeVisible();
    await expect(noSms).toContainText('Reason: No SMS: 03 9123 4567 is not a mobile number');
    expect(await axeViolations(page)).toEqual([]);

    await tab(page, /^Quote requests/).click();
    const quoteCard = card(page, `${quote.firstName} ${quote.lastName}`);
    await expect(status(message(quoteCard, `Customer email to ${quote.email}`), 'queued')).toBeVisible();
  });
});
