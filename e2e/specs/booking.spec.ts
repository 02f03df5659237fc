import type { BookingAvailability } from '@site/domain';
import { readFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { test as base, expect, failOnConsoleErrors, holdRequests } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';
import { expectNoAxeViolations } from './axe';
import { islandCode, uniqueName } from './public-helpers';

/** An email as the customer's mailbox got it, with its attachments. */
interface Mail {
  to: string[];
  subject: string;
  text: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

/** A mailbox: an SMTP server that keeps each message it is sent, parsed. */
async function startMailbox() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream).then(
        (mail) => {
          received.push({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            attachments: mail.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content.toString('utf8'),
            })),
          });
          done();
        },
        (error: Error) => done(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

/** The embedded server, sending its emails to a mailbox the test reads. */
const test = base.extend<{ mailbox: Mailbox }, { workerMailbox: Mailbox; mailServer: RunningServer }>({
  workerMailbox: [
    async ({}, use) => {
      const mailbox = await startMailbox();
      await use(mailbox);
      await mailbox.close();
    },
    { scope: 'worker' },
  ],
  mailServer: [
    async ({ workerMailbox }, use) => {
      const server = await startServer({ env: { SMTP_URL: workerMailbox.url, MAIL_FROM: 'Website <website@example.com>' } });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ mailServer }, use) => {
    await use(mailServer.url);
  },
  mailbox: async ({ workerMailbox }, use) => {
    await use(workerMailbox);
  },
});

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test.describe('booking a free measure', () => {
  test('a customer books by keyboard alone at 390 px, sees the confirmation and gets the invite', async ({ page, request, mailbox }) => {
    // Four axe runs and an email's delivery, on a shared machine.
    test.setTimeout(120_000);
    const check = failOnConsoleErrors(page);
    const email = `${uniqueName('measure')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '.')}@example.com`;
    const free = (await (await request.get('/api/booking/availability?postcode=3070&suburb=Northcote')).json()) as BookingAvailability;
    const day = free.days[0];
    expect(day, 'a free day in the coming weeks').toBeDefined();

    await page.goto('/book');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Free Measure' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The first step, by keyboard: the service (a radio group), the address, then Enter.
    await page.getByRole('radio', { name: 'Kitchen' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('radio', { name: 'Kitchen' })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.type('1 High Street');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Northcote');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3070');
    await page.keyboard.press('Enter');

    // A day, then a time, in Melbourne time: the first day is chosen, Tab reaches its times.
    const timeHeading = page.getByRole('heading', { name: 'Pick a day and time' });
    await expect(timeHeading).toBeFocused();
    await expect(page.getByText(/^Times are in Melbourne time \(AE[DS]T\)$/)).toBeVisible();
    await expect(page.getByRole('radio', { name: day.label })).toBeChecked();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('radio', { name: day.label })).toBeFocused();
    // Past the days, and past "Show later days" when there are more than the first ones.
    await page.keyboard.press('Tab');
    if (free.days.length > 10) {
      await expect(page.getByRole('button', { name: 'Show later days' })).toBeFocused();
      await page.keyboard.press('Tab');
    }
    const firstTime = page
      .getByRole('group', { name: `Time on ${day.label}` })
      .getByRole('radio')
      .first();
    await expect(firstTime).toBeFocused();
    await page.keyboard.press('Space');
    await expect(firstTime).toBeChecked();
    await page.keyboard.press('Enter');

    // The details: Tab from the heading through the fields, Enter to book.
    await expect(page.getByRole('heading', { name: 'Your details' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Book my measure' })).toBeVisible();
    await expectNoAxeViolations(page);
    for (const value of ['Ava', 'Nguyen', email, '0412 345 678']) {
      await page.keyboard.press('Tab');
      await page.keyboard.type(value);
    }
    await expect(page.getByRole('textbox', { name: 'Mobile' })).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: 'Your measure is booked' })).toBeFocused();
    // The heading is not said twice; under it, when, what happens next, and the visit for a calendar.
    await expect(page.getByText('Your measure is booked')).toHaveCount(1);
    await expect(page.getByText(`${day.label} at ${day.slots[0].label}`, { exact: true })).toBeVisible();
    await expect(page.getByText(`We have emailed an invite for your calendar to ${email}`, { exact: false })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(page.getByText('a reminder the day before', { exact: false })).toBeVisible();
    await expect(page.getByText('You can move or cancel the visit from the link in your email', { exact: false })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Add to calendar' }).click()]);
    expect(download.suggestedFilename()).toBe('site-measure.ics');
    const downloaded = await download.path();
    const calendar = readFileSync(downloaded, 'utf8').replace(/\r\n /g, '');
    const utc = (instant: string) =>
      new Date(instant)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z')
        .replace(/[-:]/g, '');
    const slotEnd = new Date(Date.parse(day.slots[0].start) + free.visitMinutes * 60_000).toISOString();
    expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(calendar).toContain('\r\nBEGIN:VEVENT\r\n');
    expect(calendar).toContain(`\r\nDTSTART:${utc(day.slots[0].start)}\r\n`);
    expect(calendar).toContain(`\r\nDTEND:${utc(slotEnd)}\r\n`);
    expect(calendar).toContain('\r\nSUMMARY:Free kitchen measure: Northcote Kitchens & Bathrooms\r\n');
    expect(calendar).toContain('\r\nLOCATION:1 High Street\\, Northcote VIC 3070\r\n');
    expect(calendar).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'no sideways scrolling at 390 px').toBeLessThanOrEqual(0);

    // The invite: an email to the customer with a calendar file asking to add the visit.
    await expect.poll(() => mailbox.received.some((mail) => mail.to.includes(email)), { timeout: 20_000 }).toBe(true);
    const mails = mailbox.received.filter((mail) => mail.to.includes(email));
    const invite = mails.flatMap((mail) => mail.attachments).find((file) => file.filename.endsWith('.ics'));
    expect(invite, `an .ics attachment in ${mails.map((mail) => mail.subject).join(', ')}`).toBeDefined();
    expect(invite?.contentType).toContain('text/calendar');
    expect(invite?.content).toContain('METHOD:REQUEST');
    expect(invite?.content).toContain('BEGIN:VEVENT');

    // The email's own link: the visit, and a cancellation once confirmed.
    const link = /https?:\/\/[^\s/]+(\/book\/manage\?t=[A-Za-z0-9_.%-]+)/.exec(mails.map((mail) => mail.text).join('\n'))?.[1];
    expect(link, 'a link to move or cancel the visit').toBeDefined();
    await page.goto(link ?? '');
    await expect(
      page.getByText(`Kitchen measure on ${day.label} at ${day.slots[0].label}, at 1 High Street, Northcote 3070.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByText('You can move or cancel it here until', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel the measure' }).click();
    await expect(page.getByRole('heading', { name: 'Cancel your measure?' })).toBeFocused();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByRole('heading', { name: 'Your measure is cancelled' })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('This visit was cancelled');
    check();
  });

  test('an address outside the area gets a polite answer that opens the inquiry, with the service and the place typed in', async ({
    page,
  }) => {
    // The outside-area answers are 400s, which the browser logs: no console check here.
    await page.goto('/book');
    await page.getByRole('radio', { name: 'Bathroom' }).check();
    await page.getByRole('textbox', { name: 'Street address' }).fill('1 George Street');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Sydney');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('2000');
    await page.getByRole('button', { name: 'Show free times' }).click();
    await expect(page.getByRole('heading', { name: 'We do not visit that area yet' })).toBeFocused();
    await expect(page.getByText('Sorry, we do not visit that area for free measures yet.', { exact: false })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send an inquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a Free Quote' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Suburb' })).toHaveValue('Sydney 2000');
    await expect(dialog.getByRole('radio', { name: 'Bathroom' })).toBeChecked();
    await expect(dialog.getByRole('textbox', { name: 'First name' })).toHaveValue('');

    // Closed, another address tried, and the inquiry sent from there carries the new one.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Change the address' }).click();
    await page.getByRole('radio', { name: 'Wardrobe' }).check();
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Perth');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('6000');
    await page.getByRole('button', { name: 'Show free times' }).click();
    await page.getByRole('button', { name: 'Send an inquiry' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Suburb' })).toHaveValue('Perth 6000');
    await expect(dialog.getByRole('radio', { name: 'Wardrobe' })).toBeChecked();

    // Sent as it is, it reaches the business as a quote request for that room and place.
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Ava');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Nguyen');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ava.outside@example.com');
    const [sent] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/quote-request') && response.request().method() === 'POST'),
      dialog.getByRole('button', { name: 'Request Free Quote' }).click(),
    ]);
    expect(sent.status()).toBe(201);
    expect(sent.request().postDataJSON()).toMatchObject({ suburb: 'Perth 6000', room: 'Wardrobe', firstName: 'Ava' });
  });

  test('what is typed and tapped before the form is live counts once it is', async ({ page }) => {
    const check = failOnConsoleErrors(page);
    // Every script but the page's first one held back: a slow phone connection.
    const release = await holdRequests(page, islandCode);
    await page.goto('/book');
    await page.getByRole('radio', { name: 'Wardrobe' }).check();
    await page.getByRole('textbox', { name: 'Street address' }).fill('1 High Street');
    await page.getByRole('textbox', { name: 'Suburb' }).fill('Northcote');
    await page.getByRole('textbox', { name: 'Postcode' }).fill('3070');
    await page.getByRole('button', { name: 'Show free times' }).click();
    // Not sent by the browser itself (which would load the page again).
    await expect(page).toHaveURL(/\/book$/);
    release();
    await expect(page.getByRole('heading', { name: 'Pick a day and time' })).toBeFocused();
    await page.unroute(islandCode);
    check();
  });

  test('the booking page shows its heading, text and first step without JavaScript', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/book');
    await expect(page.getByRole('heading', { level: 1, name: 'Book a Free Measure' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your project and address' })).toBeVisible();
    for (const service of ['Kitchen', 'Bathroom', 'Wardrobe']) await expect(page.getByRole('radio', { name: service })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Postcode' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    await context.close();
  });

  test('a link that is not valid says so on the manage page, which is not indexed', async ({ page }) => {
    await page.goto('/book/manage?t=not-a-real-link');
    await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
    await expect(page.getByRole('alert')).not.toBeEmpty();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expectNoAxeViolations(page);
  });
});
