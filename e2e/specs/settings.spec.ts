import { type ReceivedEmail } from '@site/test-support/message-peers';
import { failOnConsoleErrors, signIn } from '../support/fixtures';
import { expect, test } from '../support/mail';
import { adminCredentials } from '../support/server';
import { seed, toast } from './admin-helpers';
import { axeViolations } from './axe';
import { businessTimeZone } from '@site/domain/calendar';

/**
 * The owner changes the business's settings in the admin's Settings tab on a phone, and
 * visitors see them on the public pages without a rebuild; the next customer's confirmation
 * email (caught by a real SMTP server (support/mail.ts)) carries the new phone number. A change of
 * the bank details asks for the current password, and every staff address hears of it.
 */

const phone = { width: 390, height: 844 };
test.use({ viewport: phone });

const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Today's date in Melbourne, and `days` later (yyyy-MM-dd). */
function melbourneDate(days = 0): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: businessTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** "Monday 4 January", as the footer writes a date. */
function dateText(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${dayNames[day.getUTCDay()]} ${day.getUTCDate()} ${monthNames[day.getUTCMonth()]}`;
}

test.describe('business settings', () => {
  test('the owner changes the phone, adds a closure and edits the headline on a phone; visitors and the next customer see them at once', async ({
    page,
    browser,
    request,
    smtp,
    mailServer,
  }) => {
    // The owner's edits on a phone, then a visitor's pages and a customer's email: about 40 s
    // with two workers on a busy machine, close to the default minute.
    test.setTimeout(150_000);
    await signIn(page);
    await page.goto('/admin?tab=settings');
    const check = failOnConsoleErrors(page);

    const business = page.getByRole('region', { name: 'Business details' });
    await expect(business.getByRole('textbox', { name: 'Phone' })).toHaveValue('(03) 7010 4620');
    await business.getByRole('textbox', { name: 'Phone' }).fill('(03) 9123 4567');
    await business.getByRole('button', { name: 'Save business details' }).click();
    await expect(toast(page, 'Business details saved')).toBeVisible();

    // A closure from today to six days on, so the notice shows now.
    const [from, to] = [melbourneDate(), melbourneDate(6)];
    const hours = page.getByRole('region', { name: 'Opening hours' });
    await hours.getByRole('button', { name: 'Add a closure' }).click();
    const closure = hours.getByRole('group', { name: 'Closure 1' });
    await closure.getByLabel('First day').fill(from);
    await closure.getByLabel('Last day').fill(to);
    await closure.getByRole('textbox', { name: 'Label' }).fill('Christmas shutdown');
    await hours.getByRole('button', { name: 'Save opening hours' }).click();
    await expect(toast(page, 'Opening hours saved')).toBeVisible();

    const texts = page.getByRole('region', { name: 'Page texts' });
    await texts.getByRole('textbox', { name: 'Hero headline' }).fill('Kitchens Made in Fitzroy');
    await texts.getByRole('button', { name: 'Save page texts' }).click();
    await expect(toast(page, 'Page texts saved')).toBeVisible();

    // The Settings tab at 390 px, with its forms filled in.
    expect(await axeViolations(page)).toEqual([]);
    check();

    // A visitor, in a browser of their own: no rebuild, no restart.
    const visitor = await browser.newContext({ viewport: phone, baseURL: mailServer.url });
    const home = await visitor.newPage();
    const visitorErrors = failOnConsoleErrors(home);
    await home.goto('/');
    await expect(home.getByRole('heading', { level: 1, name: 'Kitchens Made in Fitzroy' })).toBeVisible();
    await expect(home.getByRole('banner').getByRole('link', { name: '(03) 9123 4567' })).toHaveAttribute('href', 'tel:+61391234567');
    const footer = home.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: '(03) 9123 4567' })).toHaveAttribute('href', 'tel:+61391234567');
    await expect(footer.getByText(`Closed for Christmas shutdown until ${dateText(to)}`)).toBeVisible();
    const jsonLd = JSON.parse((await home.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as {
      telephone?: string;
      openingHoursSpecification?: unknown[];
    };
    expect(jsonLd.telephone).toBe('+61391234567');
    expect(jsonLd.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      validFrom: from,
      validThrough: to,
      opens: '00:00',
      closes: '00:00',
    });
    // Hydrated with the same settings: the islands are live, and nothing was logged. The
    // reviews island starts as it comes near the screen.
    await home.locator('#reviews').scrollIntoViewIfNeeded();
    await expect(home.locator('[data-hydrating]')).toHaveCount(0, { timeout: 20_000 });
    await expect(home.getByRole('heading', { level: 1, name: 'Kitchens Made in Fitzroy' })).toBeVisible();
    visitorErrors();
    await visitor.close();

    // The next customer's confirmation email carries the new number.
    const lead = await seed.inquiry(request);
    await expect
      .poll(() => smtp.received.some((mail: ReceivedEmail) => mail.to.includes(lead.email) && mail.subject.includes('received')), {
        timeout: 20_000,
      })
      .toBe(true);
    const confirmation = smtp.received.find((mail) => mail.to.includes(lead.email)) as ReceivedEmail;
    expect(confirmation.text).toContain('(03) 9123 4567');
    expect(confirmation.text).not.toContain('7010 4620');
  });

  test('an admin changes the bank details: the tab asks for the current password, and every staff address gets the notice', async ({
    page,
    smtp,
    adminApi,
  }) => {
    test.setTimeout(90_000);
    // The staff who hear of leads, set as an admin would (the password again: the recipients change).
    const staff = ['owner@northcote-kb.example', 'accounts@northcote-kb.example'];
    const { version, settings } = (await (await adminApi.get('/api/settings')).json()) as {
      version: number;
      settings: { notifications: Record<string, unknown> };
    };
    const recipients = await adminApi.put('/api/settings', {
      data: { version, notifications: { ...settings.notifications, emails: staff }, currentPassword: adminCredentials.password },
    });
    expect(recipients.status(), await recipients.text()).toBe(200);

    await signIn(page);
    await page.goto('/admin?tab=settings');
    const check = failOnConsoleErrors(page);
    const payments = page.getByRole('region', { name: 'Payments' });
    await payments.getByRole('textbox', { name: 'Bank account name' }).fill('Northcote Joinery Pty Ltd');
    await payments.getByRole('textbox', { name: 'BSB' }).fill('063-000');
    await payments.getByRole('textbox', { name: 'Account number' }).fill('1234 5678');
    await payments.getByRole('button', { name: 'Save payments' }).click();

    const dialog = page.getByRole('dialog', { name: 'Save payments' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Changing bank details, the site address or who gets staff alerts needs your password');
    expect(await axeViolations(page)).toEqual([]);
    check();
    const password = dialog.getByLabel('Current password');
    await password.fill('not my password');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Your current password is not right')).toBeVisible();
    // The browser logs that refusal (403); anything logged from here on fails the test.
    const checkAfter = failOnConsoleErrors(page);
    await password.fill(adminCredentials.password);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Payments saved')).toBeVisible();
    await expect(dialog).toBeHidden();
    checkAfter();

    const notices = () => smtp.received.filter((mail: ReceivedEmail) => mail.subject.startsWith('Security notice: the payment details'));
    await expect.poll(() => staff.filter((to) => notices().some((mail) => mail.to.includes(to))), { timeout: 30_000 }).toEqual(staff);
    for (const mail of notices()) {
      expect(mail.text).toContain('Account number (payments.bankAccountNumber): (none) → •••• 5678');
      expect(mail.text).toContain('BSB (payments.bankBsb): (none) → 063-000');
      expect(mail.text).toContain('Who: staff');
      expect(mail.text).not.toContain('12345678');
    }
  });
});
