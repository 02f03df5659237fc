import type { Booking } from '@site/domain';
import { type ReceivedEmail, type TestSmtpServer } from '@site/test-support/message-peers';
import { failOnConsoleErrors, signIn } from '../support/fixtures';
import { expect, test } from '../support/mail';
import { dashboardReady, escapeRegExp, freeTimes, seed, toast, uniqueName } from './admin-helpers';
import { expectNoAxeViolations } from './axe';
import { businessTimeZone } from '@site/domain/calendar';

/** The embedded server, sending its emails to an SMTP server (support/mail.ts), so the test reads what the customer received. */

async function arrived(smtp: TestSmtpServer, match: (mail: ReceivedEmail) => boolean): Promise<ReceivedEmail> {
  await expect.poll(() => smtp.received.some(match), { timeout: 30_000 }).toBe(true);
  return smtp.received.find(match) as ReceivedEmail;
}

/** An instant's wall-clock time in Melbourne as a time field takes it: "09:30". */
const melbourneClock = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: businessTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(instant),
  );

// The owner's browser is far from Melbourne: the calendar still reads Melbourne's clock.
test.use({ timezoneId: 'America/Los_Angeles' });

test.describe('the Calendar tab', () => {
  test("a booking arrives live, the owner moves it, and the customer's email has the new time", async ({
    page,
    request,
    smtp,
    adminApi,
  }) => {
    // Two axe runs and an email's delivery, on a shared machine.
    test.setTimeout(120_000);
    const before = await freeTimes(request);
    const day = before.days[0];
    expect(day, 'a free day in the coming weeks').toBeDefined();

    // The owner watches the week of the first free day, in a browser far from Melbourne.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page);
    await dashboardReady(page);
    const check = failOnConsoleErrors(page);
    await page.goto(`/admin?tab=calendar&day=${day.date}`);
    await dashboardReady(page);
    await expect(page.getByRole('region', { name: 'Calendar feed' }).getByRole('link', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      /^webcal:\/\/.+\.ics$/,
    );

    await page.evaluate(() => document.documentElement.setAttribute('data-e2e-no-reload', 'yes'));

    // A customer books through the public API.
    const booking = await seed.booking(request, day.slots[0].start);
    const name = `${booking.firstName} Lee`;

    // It arrives in the week without a reload, at its Melbourne time.
    const visit = page.getByRole('button', { name: new RegExp(`^${escapeRegExp(day.slots[0].label)} to .*Kitchen: ${name}, Northcote$`) });
    await expect(visit).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('data-e2e-no-reload', 'yes');
    await expectNoAxeViolations(page);

    // A time still free after the booking: on the same day when there is one, else the next free day.
    const after = await freeTimes(request);
    const target =
      after.days
        .find((each) => each.date === day.date)
        ?.slots.map((slot) => ({ day, slot }))
        .at(-1) ?? after.days.filter((each) => each.date !== day.date).map((each) => ({ day: each, slot: each.slots[0] }))[0];
    expect(target, 'another free time').toBeDefined();
    expect(target.slot.start).not.toBe(booking.start);

    await visit.click();
    const details = page.getByRole('dialog', { name: `Kitchen measure: ${name}` });
    await expect(details).toContainText(`${day.label} at ${day.slots[0].label}`);
    await expectNoAxeViolations(page);
    await details.getByRole('button', { name: 'Move' }).click();
    await details.getByLabel(/New date/).fill(target.day.date);
    await details.getByLabel(/New time/).fill(melbourneClock(target.slot.start));
    await details.getByRole('button', { name: 'Move the visit' }).click();

    const when = `${target.day.label} at ${target.slot.label}`;
    await expect(toast(page, `${name}'s visit is now ${when}.`)).toBeVisible();
    await expect(details).toBeHidden();

    // The server moved it, and the customer was emailed the new time with a new invite.
    const range = new URLSearchParams({ from: day.slots[0].start, to: new Date(Date.parse(target.slot.start) + 86_400_000).toISOString() });
    const calendar = (await (await adminApi.get(`/api/bookings?${range.toString()}`)).json()) as { bookings: Booking[] };
    const moved = calendar.bookings.find((each) => each.email === booking.email);
    expect(moved?.start).toBe(target.slot.start);
    const email = await arrived(smtp, (mail) => mail.to.includes(booking.email) && mail.subject === `Your measure has moved: ${when}`);
    expect(email.text).toContain(`to ${when} (Melbourne time) at 1 High Street, Northcote`);
    check();
  });

  test("opens on the next visit, and a booked lead's card has the mobile to call, the address as a map and the notes", async ({
    page,
    request,
    adminApi,
  }) => {
    const free = await freeTimes(request);
    const day = free.days[free.days.length - 1];
    const firstName = uniqueName('Noa');
    const booking = await seed.booking(request, day.slots[0].start, {
      service: 'bathroom',
      street: '7 Station Street',
      firstName,
      lastName: 'Park',
      mobile: '0412 555 019',
      notes: 'Side gate is open; the dog is friendly',
    });
    // The first visit still booked from today on: this one, or one another test booked earlier.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone }).format(new Date());
    const from = new Date(`${today}T00:00:00+10:00`).toISOString();
    const next = (await (await adminApi.get(`/api/bookings/next?from=${encodeURIComponent(from)}`)).json()) as { booking: Booking };
    expect(next.booking).not.toBeNull();

    await signIn(page);
    await dashboardReady(page);
    const check = failOnConsoleErrors(page);
    await page.goto('/admin?tab=calendar');
    await dashboardReady(page);
    const nextName = `${next.booking.firstName} ${next.booking.lastName}`;
    await expect(
      page.getByRole('button', { name: new RegExp(`: ${escapeRegExp(nextName)}, ${next.booking.suburb}$`) }).first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next visit' })).toBeDisabled();

    // Its lead's card, as the calendar's details link to it.
    const calendar = (await (
      await adminApi.get(
        `/api/bookings?${new URLSearchParams({ from: booking.start, to: new Date(Date.parse(booking.start) + 3_600_000).toISOString() }).toString()}`,
      )
    ).json()) as { bookings: Booking[] };
    const visit = calendar.bookings.find((each) => each.email === booking.email) as Booking;
    await page.goto(`/admin?tab=quotes&lead=${visit.leadId}`);
    await dashboardReady(page);
    const card = page.getByRole('article', { name: `${firstName} Park` });
    await expect(card.getByRole('link', { name: '0412 555 019' })).toHaveAttribute('href', 'tel:+61412555019');
    await expect(card.getByRole('link', { name: '7 Station Street, Northcote 3070' })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=7%20Station%20Street%2C%20Northcote%203070',
    );
    await expect(card).toContainText('Notes: Side gate is open; the dog is friendly');
    await expect(card).toContainText('Site measure booked');
    check();
  });

  test("on a phone, the day's agenda lists the visit with its mobile, and time is blocked and freed again", async ({ page, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const free = await freeTimes(request);
    const day = free.days[0];
    const firstName = uniqueName('Noah');
    const mobile = `04${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await seed.booking(request, day.slots[0].start, { service: 'bathroom', street: '2 High Street', firstName, lastName: 'Park', mobile });

    await signIn(page);
    await dashboardReady(page);
    const check = failOnConsoleErrors(page);
    await page.goto(`/admin?tab=calendar&day=${day.date}`);
    await dashboardReady(page);
    await expect(page.getByRole('heading', { name: new RegExp(`^${escapeRegExp(day.label)} \\d{4}$`) })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: `${firstName} Park` });
    await expect(item).toContainText(`${day.slots[0].label} to`);
    await expect(item).toContainText('Bathroom');
    await expect(item).toContainText('Northcote');
    await expect(item.getByRole('link', { name: mobile })).toHaveAttribute('href', `tel:+61${mobile.slice(1)}`);
    await expectNoAxeViolations(page);

    // Midnight to 1 am: no visit is ever booked then.
    await page.getByRole('button', { name: 'Block time' }).click();
    const blockDialog = page.getByRole('dialog', { name: 'Block time' });
    await expect(blockDialog.getByLabel('From day')).toHaveValue(day.date);
    await blockDialog.getByLabel('From time').fill('00:00');
    await blockDialog.getByLabel('Until time').fill('01:00');
    await blockDialog.getByRole('textbox', { name: 'Label' }).fill('Leave');
    await expectNoAxeViolations(page);
    await blockDialog.getByRole('button', { name: 'Block the time' }).click();
    await expect(toast(page, 'Leave: no visits can be booked then.')).toBeVisible();
    const block = page.getByRole('button', { name: '12:00 am to 1:00 am Blocked: Leave' });
    await expect(block).toBeVisible();

    await block.click();
    await page.getByRole('dialog', { name: 'Blocked: Leave' }).getByRole('button', { name: 'Remove the block' }).click();
    await page.getByRole('alertdialog', { name: 'Remove the blocked time "Leave"?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Leave is no longer blocked.')).toBeVisible();
    await expect(block).toHaveCount(0);
    check();
  });
});
