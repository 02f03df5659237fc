/**
 * Booking a free site measure over real HTTP on SQLite: the free times for a place (outside the
 * area refused, booking off), a booking (its lead in the pipeline with its source and files,
 * its messages with a calendar invite read back with ical.js), no double booking in a race of
 * parallel requests, the buffer kept, each refusal's message, the customer's signed link
 * (tampered, moved, cancelled and reused, too late, expired), staff's calendar, moves,
 * cancellations and blocks, the private feed and its new address, the reminder the day before
 * (once, also across a restart), live events, and the lead's deletion taking its visit; one
 * person's two visits at most (by email, mobile or street, also in parallel) with their link
 * emailed again at most once an hour; a busy day's staff alerts past the first 20 in one
 * digest; clean text in the street, notes and block labels; and calendar text escaped.
 */
import type {
  ApiError,
  Booking,
  BookingAvailability,
  BookingBlock,
  BookingCalendar,
  BookingFeed,
  ChangeEvent,
  NextVisit,
  PublicBooking,
  QuoteRequest,
} from '@site/domain';
import { bookingMessages, nextVisitMessage } from '@site/domain';
import { startSmtpServer } from '@site/test-support/message-peers';
import Database from 'better-sqlite3';
import ICAL from 'ical.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createSqliteStore } from '../src/adapters/sqlite/store';
import { readEnv } from '../src/config';
import { startEmbedded } from '../src/embedded/site';
import { businessTimeZone } from '@site/domain/calendar';
import { allStarts, bookingCustomer, day, freeTimes, hour, weekdayOf } from './booking-fixtures';
import { admin, startTestApp, testSettings, until, type Client, type TestApp } from './harness';

const apps: TestApp[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function start(file?: string, settings = testSettings) {
  const t = await startTestApp({}, file ? () => createSqliteStore({ file }) : undefined, undefined, undefined, { settings });
  apps.push(t);
  return t;
}

function dataFile() {
  const dir = mkdtempSync(join(tmpdir(), 'bookings-'));
  dirs.push(dir);
  return join(dir, 'site.sqlite');
}

const customer = {
  ...bookingCustomer,
  notes: 'Side gate is open',
  source: { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'measure' },
};

const availability = (client: Client) => freeTimes(client);
/** A free start on the third day offered or later: its reminder lies a day or more ahead. */
const laterSlot = (free: BookingAvailability, index = 0) => free.days[2].slots[index].start;

/** A later visit not on a Monday: its reminder, 24 hours before, falls inside the opening hours (Monday to Friday). */
const weekdayReminderSlot = (free: BookingAvailability) =>
  free.days.slice(2).find((d) => weekdayOf(d.slots[0].start) !== 'Monday')!.slots[0].start;

interface QueuedRow {
  id: string;
  recipient: string;
  subject: string | null;
  body: string;
  channel: string;
  audience: string;
  attachments: string | null;
}

/** Every message queued to this recipient, about any lead. */
function queuedTo(file: string, recipient: string): QueuedRow[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        'SELECT id, recipient, subject, body, channel, audience, attachments FROM messages WHERE recipient = ? ORDER BY createdAt, id',
      )
      .all(recipient) as QueuedRow[];
  } finally {
    db.close();
  }
}

/** "Tuesday 1 December 2026": the Melbourne day of an instant, written here with Intl, apart from the server's own code. */
function melbourneDay(iso: string): string {
  const format = new Intl.DateTimeFormat('en-AU', {
    timeZone: businessTimeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

const alreadyBooked = (start: string) =>
  `You already have a visit booked on ${melbourneDay(start)}: your confirmation email has a link to move it`;

function queuedFor(file: string, leadId: string): QueuedRow[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare('SELECT id, recipient, subject, body, channel, audience, attachments FROM messages WHERE leadId = ? ORDER BY createdAt, id')
      .all(leadId) as QueuedRow[];
  } finally {
    db.close();
  }
}

/** The invite an email carries, parsed back as a calendar reads it. */
function inviteOf(row: QueuedRow) {
  const [attachment] = JSON.parse(row.attachments ?? '[]') as Array<{ filename: string; contentType: string; content: string }>;
  expect(attachment).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment.content));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    contentType: attachment.contentType,
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    status: event.getFirstPropertyValue('status'),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
    end: (event.getFirstPropertyValue('dtend') as ICAL.Time).toJSDate().toISOString(),
  };
}

const manageToken = (text: string) => {
  const match = /https:\/\/renovations\.example\.com\/book\/manage\?t=([A-Za-z0-9_.%-]+)/.exec(text);
  if (!match) throw new Error(`no manage link in: ${text}`);
  return decodeURIComponent(match[1]);
};

async function book(t: TestApp, start: string, extra: Record<string, unknown> = {}) {
  return t.client().post<{ booking: PublicBooking } & ApiError & { availability?: BookingAvailability }>('/api/bookings', {
    ...customer,
    start,
    ...extra,
  });
}

async function leadOf(staff: Client, start: string): Promise<QuoteRequest & { bookingId: string }> {
  const quotes = await staff.get<Array<QuoteRequest & { bookingId?: string }>>('/api/quote-requests?limit=100');
  const calendar = await staff.get<BookingCalendar>(
    `/api/bookings?from=${new Date(Date.parse(start) - day).toISOString()}&to=${new Date(Date.parse(start) + day).toISOString()}`,
  );
  const booking = calendar.body.bookings.find((b) => b.start === start && b.status === 'booked');
  expect(booking).toBeDefined();
  const lead = quotes.body.find((q) => q.id === booking!.leadId);
  expect(lead).toBeDefined();
  return lead as QuoteRequest & { bookingId: string };
}

describe('free times', () => {
  it('answers the free times in Melbourne time for a place in the area, 400 outside it, 404 when booking is off', async () => {
    const t = await start();
    const free = await availability(t.client());
    expect(free.timeZone).toBe(businessTimeZone);
    expect(free.visitMinutes).toBe(60);
    expect(free.days.length).toBeGreaterThan(20);
    expect(free.days[0].slots[0].label).toMatch(/^\d{1,2}:\d{2} (am|pm)$/);
    const first = Date.parse(free.days[0].slots[0].start);
    expect(first).toBeGreaterThanOrEqual(t.clock.now().getTime() + 24 * hour);

    const sydney = await t.client().get<ApiError>('/api/booking/availability?postcode=2000');
    expect(sydney.status).toBe(400);
    expect(sydney.body.errors?.postcode).toBe(bookingMessages.outsideArea);
    const malformed = await t.client().get<ApiError>('/api/booking/availability?postcode=30');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.postcode).toBe(bookingMessages.postcode);

    const off = await start(undefined, { ...testSettings, booking: { ...testSettings.booking, enabled: false } });
    const disabled = await off.client().get<ApiError>('/api/booking/availability?postcode=3070');
    expect(disabled.status).toBe(404);
    expect(disabled.body.message).toBe(bookingMessages.disabled);
  });
});

describe('booking', () => {
  it('stores the visit and a quote request with its source, queues the messages with an invite and the signed link', async () => {
    const file = dataFile();
    const t = await start(file);
    const staff = await t.adminClient();
    const slot = laterSlot(await availability(t.client()));
    const response = await book(t, slot, { marketingConsent: true });
    expect(response.status).toBe(201);
    expect(response.body.booking).toMatchObject({
      service: 'kitchen',
      start: slot,
      status: 'booked',
      firstName: 'Olivia',
      canChange: true,
    });
    expect(response.body.booking).not.toHaveProperty('email');
    expect(Date.parse(response.body.booking.end) - Date.parse(slot)).toBe(hour);

    const lead = await leadOf(staff, slot);
    // The booking is the lead's first contact: it never waits as new.
    expect(lead).toMatchObject({
      room: 'Kitchen',
      suburb: 'Northcote',
      channel: 'Paid search',
      marketingConsent: true,
      status: 'contacted',
      history: [{ by: 'website', event: 'measure-booked' }],
    });
    expect(lead.source).toMatchObject({ utmCampaign: 'measure' });
    expect(typeof lead.bookingId).toBe('string');

    const rows = queuedFor(file, lead.id);
    const staffEmail = rows.find((row) => row.audience === 'staff' && row.channel === 'email')!;
    expect(staffEmail.recipient).toBe('office@example.com');
    expect(staffEmail.subject).toContain('New site measure booked: Olivia Brown');
    const email = rows.find((row) => row.audience === 'customer' && row.channel === 'email')!;
    const sms = rows.find((row) => row.audience === 'customer' && row.channel === 'sms')!;
    expect(email.recipient).toBe('olivia@example.com');
    expect(sms.recipient).toBe('+61412345678');
    expect(sms.body).toContain('/book/manage?t=');
    expect(manageToken(email.body)).toBe(manageToken(sms.body));

    const invite = inviteOf(email);
    expect(invite).toMatchObject({ method: 'REQUEST', sequence: 0, status: 'CONFIRMED', start: slot, end: response.body.booking.end });
    expect(invite.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(invite.uid).toBe(`booking-${lead.bookingId}@renovations.example.com`);
  });

  it('lets exactly one of ten parallel requests for one time through; the others get 409 with fresh times', async () => {
    const t = await start();
    const slot = laterSlot(await availability(t.client()), 3);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(t, slot, { firstName: `Racer${String.fromCharCode(65 + i)}`, email: `racer${i}@example.com` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(bookingMessages.slotTaken);
      expect(answer.body.availability?.days.length).toBeGreaterThan(0);
      expect(allStarts(answer.body.availability!)).not.toContain(slot);
    }
    const staff = await t.adminClient();
    const reversed = await staff.get<ApiError>(`/api/bookings?from=${slot}&to=${new Date(Date.parse(slot) - hour).toISOString()}`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.to).toBe(bookingMessages.calendarRange);
    const week = await staff.get<BookingCalendar>(
      `/api/bookings?from=${new Date(Date.parse(slot) - day).toISOString()}&to=${new Date(Date.parse(slot) + day).toISOString()}`,
    );
    expect(week.body.bookings.filter((b) => b.start === slot)).toHaveLength(1);
  });

  it('keeps the travel buffer on both sides of a booked visit', async () => {
    const t = await start();
    const free = await availability(t.client());
    const day3 = free.days[2];
    // The day's 11:00: a 60-minute visit with 30 minutes of buffer each side.
    const eleven = day3.slots.find((slot) => slot.label === '11:00 am')!.start;
    expect((await book(t, eleven)).status).toBe(201);
    const after = (await availability(t.client())).days.find((d) => d.date === day3.date)!;
    const labels = after.slots.map((slot) => slot.label);
    expect(labels).toContain('9:30 am');
    expect(labels).toContain('12:30 pm');
    for (const taken of ['10:00 am', '10:30 am', '11:00 am', '11:30 am', '12:00 pm']) expect(labels).not.toContain(taken);
    // A time inside the buffer is a time taken: 409, not a bad request.
    const inBuffer = day3.slots.find((slot) => slot.label === '12:00 pm')!.start;
    const refused = await book(t, inBuffer, { email: 'other@example.com' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(bookingMessages.slotTaken);
  });

  it('refuses a past time, a time never offered, a place outside the area and a malformed mobile with the field messages', async () => {
    const t = await start();
    const slot = laterSlot(await availability(t.client()));
    const past = await book(t, new Date(t.clock.now().getTime() - hour).toISOString());
    expect(past.status).toBe(400);
    expect(past.body.errors?.start).toBe(bookingMessages.slotPast);

    const offGrid = await book(t, new Date(Date.parse(slot) + 10 * 60_000).toISOString());
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.errors?.start).toBe(bookingMessages.slotUnavailable);

    const outside = await book(t, slot, { postcode: '2000', suburb: 'Sydney' });
    expect(outside.status).toBe(400);
    expect(outside.body.errors?.postcode).toBe(bookingMessages.outsideArea);

    for (const mobile of ['12345', '0312345678', '04123456789', 'call me']) {
      const bad = await book(t, slot, { mobile });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.mobile).toBe(bookingMessages.mobile);
    }
    const link = await book(t, slot, { firstName: 'Visit https://spam.example' });
    expect(link.status).toBe(400);
    expect(link.body.errors?.firstName).toBeDefined();
    // Nothing was stored: the time is still free.
    expect(allStarts(await availability(t.client()))).toContain(slot);
  });

  it('answers a bot (the honeypot filled) alike and stores nothing', async () => {
    const t = await start();
    const slot = laterSlot(await availability(t.client()));
    const response = await book(t, slot, { website: 'https://spam.example' });
    expect(response.status).toBe(201);
    expect(allStarts(await availability(t.client()))).toContain(slot);
  });
});

describe("the customer's link", () => {
  it('shows the visit, moves it (new invite, SEQUENCE 1, the old time offered again), cancels it, and refuses tampering and reuse', async () => {
    const file = dataFile();
    const t = await start(file);
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const first = laterSlot(free);
    const second = free.days[3].slots[2].start;
    expect((await book(t, first)).status).toBe(201);
    const lead = await leadOf(staff, first);
    const token = manageToken(queuedFor(file, lead.id).find((row) => row.channel === 'sms' && row.audience === 'customer')!.body);

    const view = await t
      .client()
      .get<{ booking: PublicBooking; availability: BookingAvailability }>(`/api/bookings/manage?t=${encodeURIComponent(token)}`);
    expect(view.status).toBe(200);
    expect(view.body.booking).toMatchObject({ start: first, status: 'booked', canChange: true });
    expect(view.body.booking.changeUntil).toBe(new Date(Date.parse(first) - 24 * hour).toISOString());
    expect(allStarts(view.body.availability)).toContain(second);

    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const bad of [tampered, `${lead.bookingId}.${'x'.repeat(43)}`, 'nonsense']) {
      const refused = await t.client().get<ApiError>(`/api/bookings/manage?t=${encodeURIComponent(bad)}`);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(bookingMessages.linkInvalid);
      expect((await t.client().post<ApiError>('/api/bookings/manage', { token: bad, cancel: true })).status).toBe(404);
    }

    const moved = await t
      .client()
      .post<{ booking: PublicBooking; availability: BookingAvailability }>('/api/bookings/manage', { token, start: second });
    expect(moved.status).toBe(200);
    expect(moved.body.booking.start).toBe(second);
    expect(allStarts(moved.body.availability)).toContain(first);
    expect(allStarts(await availability(t.client()))).toContain(first);
    const movedEmail = queuedFor(file, lead.id).find(
      (row) => row.id.includes('-moved-1-') && row.audience === 'customer' && row.channel === 'email',
    )!;
    expect(inviteOf(movedEmail)).toMatchObject({
      method: 'REQUEST',
      sequence: 1,
      start: second,
      uid: `booking-${lead.bookingId}@renovations.example.com`,
    });
    expect(
      queuedFor(file, lead.id).some(
        (row) => row.id.includes('-moved-1-') && row.audience === 'staff' && row.subject?.includes('by the customer'),
      ),
    ).toBe(true);

    const cancelled = await t.client().post<{ booking: PublicBooking }>('/api/bookings/manage', { token, cancel: true });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ status: 'cancelled', canChange: false });
    expect(allStarts(await availability(t.client()))).toContain(second);
    const cancelEmail = queuedFor(file, lead.id).find(
      (row) => row.id.includes('-cancelled-') && row.audience === 'customer' && row.channel === 'email',
    )!;
    expect(inviteOf(cancelEmail)).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', sequence: 2 });

    // The link still shows the visit, cancelled, and changes nothing more.
    const after = await t.client().get<{ booking: PublicBooking }>(`/api/bookings/manage?t=${encodeURIComponent(token)}`);
    expect(after.body.booking).toMatchObject({ status: 'cancelled', canChange: false });
    const reused = await t.client().post<ApiError>('/api/bookings/manage', { token, start: first });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(bookingMessages.cancelled);
  });

  it('refuses changes inside the minimum notice and expires at the visit', async () => {
    const file = dataFile();
    const t = await start(file);
    const staff = await t.adminClient();
    const slot = laterSlot(await availability(t.client()));
    expect((await book(t, slot)).status).toBe(201);
    const lead = await leadOf(staff, slot);
    const token = manageToken(queuedFor(file, lead.id).find((row) => row.channel === 'sms' && row.audience === 'customer')!.body);

    t.clock.advance(Date.parse(slot) - 23 * hour - t.clock.now().getTime());
    const view = await t
      .client()
      .get<{ booking: PublicBooking; availability: BookingAvailability }>(`/api/bookings/manage?t=${encodeURIComponent(token)}`);
    expect(view.body.booking.canChange).toBe(false);
    expect(view.body.availability.days).toEqual([]);
    const late = await t.client().post<ApiError>('/api/bookings/manage', { token, cancel: true });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(bookingMessages.tooLateToChange(24));

    t.clock.advance(23 * hour + 1);
    const expired = await t.client().get<ApiError>(`/api/bookings/manage?t=${encodeURIComponent(token)}`);
    expect(expired.status).toBe(410);
    expect(expired.body.message).toBe(bookingMessages.linkExpired);
  });
});

describe('staff', () => {
  it('move a visit (the customer gets a new invite), cancel one (METHOD:CANCEL), and the audit records both', async () => {
    const file = dataFile();
    const t = await start(file);
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const slot = laterSlot(free);
    const target = free.days[4].slots[0].start;
    expect((await book(t, slot)).status).toBe(201);
    const lead = await leadOf(staff, slot);

    expect((await t.client().patch('/api/bookings/' + lead.bookingId, { start: target })).status).toBe(401);
    const moved = await staff.patch<{ start: string; sequence: number }>(`/api/bookings/${lead.bookingId}`, { start: target });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start: target, sequence: 1 });
    // The lead's card reads its visit by id: staff only, and 404 for one that is not there.
    const one = await staff.get<{ id: string; start: string; leadId: string }>(`/api/bookings/${lead.bookingId}`);
    expect(one.body).toMatchObject({ id: lead.bookingId, start: target, leadId: lead.id });
    expect((await t.client().get(`/api/bookings/${lead.bookingId}`)).status).toBe(401);
    expect((await staff.get<ApiError>('/api/bookings/unknownbooking1234567')).body.message).toBe(bookingMessages.notFound);
    expect((await staff.get('/api/bookings/feed')).body).toHaveProperty('url');
    const movedEmail = queuedFor(file, lead.id).find(
      (row) => row.id.includes('-moved-1-') && row.audience === 'customer' && row.channel === 'email',
    )!;
    expect(movedEmail.subject).toContain('Your measure has moved');
    expect(inviteOf(movedEmail)).toMatchObject({ method: 'REQUEST', sequence: 1, start: target });

    const past = await staff.patch<ApiError>(`/api/bookings/${lead.bookingId}`, {
      start: new Date(t.clock.now().getTime() - day).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.errors?.start).toBe(bookingMessages.slotPast);
    const bad = await staff.patch<ApiError>(`/api/bookings/${lead.bookingId}`, { status: 'moved' });
    expect(bad.status).toBe(400);
    expect((await staff.patch(`/api/bookings/unknownbooking1234567`, { status: 'cancelled' })).status).toBe(404);

    const cancelled = await staff.patch<{ status: string; cancelledBy: string }>(`/api/bookings/${lead.bookingId}`, {
      status: 'cancelled',
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancelledBy: 'staff' });
    const cancelEmail = queuedFor(file, lead.id).find(
      (row) => row.id.includes('-cancelled-') && row.audience === 'customer' && row.channel === 'email',
    )!;
    expect(inviteOf(cancelEmail)).toMatchObject({ method: 'CANCEL', sequence: 2 });
    expect(allStarts(await availability(t.client()))).toContain(target);

    const audit = await staff.get<Array<{ action: string; target?: string }>>('/api/audit?limit=50');
    const actions = audit.body.filter((entry) => entry.target === `booking:${lead.bookingId}`).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['booking.moved', 'booking.cancelled']));
  });

  it('block time (not over a booked visit or another block), which is no longer offered, and free it again', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const slot = laterSlot(free);
    expect((await book(t, slot)).status).toBe(201);

    const over = await staff.post<ApiError>('/api/bookings/blocks', {
      start: slot,
      end: new Date(Date.parse(slot) + hour).toISOString(),
      label: 'Leave',
    });
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(bookingMessages.blockOverlapsBooking);

    const dayFour = free.days[3];
    const dayStart = dayFour.slots[0].start;
    const dayEnd = new Date(Date.parse(dayStart) + 8 * hour).toISOString();
    const block = await staff.post<BookingBlock>('/api/bookings/blocks', { start: dayStart, end: dayEnd, label: 'Another job' });
    expect(block.status).toBe(201);
    expect(block.body).toMatchObject({ label: 'Another job', createdBy: 'staff' });
    expect((await availability(t.client())).days.map((d) => d.date)).not.toContain(dayFour.date);
    const twice = await staff.post<ApiError>('/api/bookings/blocks', { start: dayStart, end: dayEnd, label: 'Leave' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(bookingMessages.blockOverlapsBlock);
    const inBlock = await book(t, dayFour.slots[1].start, { email: 'someone@example.com' });
    expect(inBlock.status).toBe(409);

    const badRange = await staff.post<ApiError>('/api/bookings/blocks', { start: dayEnd, end: dayStart, label: 'Leave' });
    expect(badRange.status).toBe(400);
    expect(badRange.body.errors?.end).toBe(bookingMessages.blockRange);

    const calendar = await staff.get<BookingCalendar>(
      `/api/bookings?from=${new Date(Date.parse(dayStart) - day).toISOString()}&to=${new Date(Date.parse(dayStart) + day).toISOString()}`,
    );
    expect(calendar.body.blocks.map((b) => b.id)).toEqual([block.body.id]);

    expect((await staff.delete(`/api/bookings/blocks/${block.body.id}`)).status).toBe(204);
    expect((await staff.delete(`/api/bookings/blocks/${block.body.id}`)).status).toBe(404);
    expect((await availability(t.client())).days.map((d) => d.date)).toContain(dayFour.date);
  });

  it('subscribe to the private feed with every booked visit; a new address ends the old one', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const slot = laterSlot(await availability(t.client()));
    expect((await book(t, slot)).status).toBe(201);
    const lead = await leadOf(staff, slot);

    expect((await t.client().get('/api/bookings/feed')).status).toBe(401);
    const feed = await staff.get<BookingFeed>('/api/bookings/feed');
    expect(feed.body.url).toMatch(/^https:\/\/renovations\.example\.com\/api\/calendar\/[A-Za-z0-9_-]{20,}\.ics$/);
    expect((await staff.get<BookingFeed>('/api/bookings/feed')).body.url).toBe(feed.body.url);
    const path = new URL(feed.body.url).pathname;
    const calendar = await t.client().get(path);
    expect(calendar.status).toBe(200);
    expect(calendar.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const parsed = new ICAL.Component(ICAL.parse(calendar.text));
    const events = parsed.getAllSubcomponents('vevent');
    expect(events.map((event) => event.getFirstPropertyValue('uid'))).toEqual([`booking-${lead.bookingId}@renovations.example.com`]);
    expect((events[0].getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(slot);
    expect(String(events[0].getFirstPropertyValue('description'))).toContain('0412 345 678');

    const renewed = await staff.post<BookingFeed>('/api/bookings/feed');
    expect(renewed.status).toBe(200);
    expect(renewed.body.url).not.toBe(feed.body.url);
    expect((await t.client().get(path)).status).toBe(404);
    expect((await t.client().get(new URL(renewed.body.url).pathname)).status).toBe(200);
    expect((await t.client().get('/api/calendar/short.ics')).status).toBe(404);
  });
});

describe('invites across daylight saving', () => {
  it('writes UTC times that keep 9:00 am in Melbourne on both sides of the April and the October change', async () => {
    const file = dataFile();
    const t = await start(file);
    // Wednesday 31 March 2027, 09:00 in Melbourne (AEDT).
    t.clock.advance(Date.parse('2027-03-30T22:00:00.000Z') - t.clock.now().getTime());
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const friday = free.days.find((d) => d.date === '2027-04-02')!.slots[0];
    const monday = free.days.find((d) => d.date === '2027-04-05')!.slots[0];
    expect([friday.label, monday.label]).toEqual(['9:00 am', '9:00 am']);
    expect(friday.start).toBe('2027-04-01T22:00:00.000Z');
    expect(monday.start).toBe('2027-04-04T23:00:00.000Z');
    for (const [slot, email] of [
      [friday.start, 'friday@example.com'],
      [monday.start, 'monday@example.com'],
    ]) {
      expect((await book(t, slot, { email })).status).toBe(201);
      const lead = await leadOf(staff, slot);
      const invite = inviteOf(queuedFor(file, lead.id).find((row) => row.audience === 'customer' && row.channel === 'email')!);
      expect(invite.start).toBe(slot);
      expect(Date.parse(invite.end) - Date.parse(invite.start)).toBe(hour);
    }

    // Wednesday 29 September 2027, 09:00 (AEST); the clocks go forward on Sunday 3 October.
    t.clock.advance(Date.parse('2027-09-28T23:00:00.000Z') - t.clock.now().getTime());
    const later = await t.adminClient();
    const spring = await availability(t.client());
    const before = spring.days.find((d) => d.date === '2027-10-01')!.slots[0];
    const after = spring.days.find((d) => d.date === '2027-10-04')!.slots[0];
    expect([before.label, after.label]).toEqual(['9:00 am', '9:00 am']);
    expect(before.start).toBe('2027-09-30T23:00:00.000Z');
    expect(after.start).toBe('2027-10-03T22:00:00.000Z');
    for (const [slot, email] of [
      [before.start, 'spring1@example.com'],
      [after.start, 'spring2@example.com'],
    ]) {
      expect((await book(t, slot, { email })).status).toBe(201);
      const lead = await leadOf(later, slot);
      const invite = inviteOf(queuedFor(file, lead.id).find((row) => row.audience === 'customer' && row.channel === 'email')!);
      expect(invite).toMatchObject({ method: 'REQUEST', start: slot, uid: `booking-${lead.bookingId}@renovations.example.com` });
    }
  });
});

describe('reminders', () => {
  it('queues the reminder 24 hours before, once, and not again after a restart', async () => {
    const file = dataFile();
    const t = await start(file);
    const staff = await t.adminClient();
    const slot = weekdayReminderSlot(await availability(t.client()));
    expect((await book(t, slot)).status).toBe(201);
    const lead = await leadOf(staff, slot);
    const reminders = () => queuedFor(file, lead.id).filter((row) => row.id.includes('-reminder-'));

    t.clock.advance(Date.parse(slot) - 24 * hour - t.clock.now().getTime() - 60_000);
    expect(await t.app.context.bookings.sendDueReminders()).toBe(0);
    t.clock.advance(60_000);
    expect(await t.app.context.bookings.sendDueReminders()).toBe(1);
    expect(await t.app.context.bookings.sendDueReminders()).toBe(0);
    const sent = reminders();
    expect(sent.map((row) => `${row.audience} ${row.channel}`).sort()).toEqual(['customer email', 'customer sms', 'staff email']);
    expect(sent.find((row) => row.audience === 'customer' && row.channel === 'email')!.subject).toBe('Tomorrow: your free kitchen measure');

    const offset = t.clock.now().getTime() - Date.now();
    await t.close();
    apps.splice(apps.indexOf(t), 1);
    const restarted = await start(file);
    restarted.clock.advance(offset + hour);
    expect(await restarted.app.context.bookings.sendDueReminders()).toBe(0);
    expect(reminders()).toHaveLength(3);
  });
});

describe('the next visit', () => {
  it('answers the first visit still booked from a time on (the calendar opens on its day), null after the last, 400 for no time', async () => {
    const t = await start();
    // Wednesday 3 February 2027, 10:00 am in Melbourne.
    t.clock.advance(Date.parse('2027-02-02T23:00:00.000Z') - t.clock.now().getTime());
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const [first, second] = [free.days[3].slots[0].start, free.days[4].slots[2].start];
    expect((await book(t, second)).status).toBe(201);
    expect((await book(t, first, { email: 'first@example.com', mobile: '0412 000 111', street: '1 Other Street' })).status).toBe(201);
    const next = async (from: string) => (await staff.get<NextVisit>(`/api/bookings/next?from=${encodeURIComponent(from)}`)).body;
    expect((await next('2027-02-02T13:00:00.000Z')).booking).toMatchObject({
      start: first,
      email: 'first@example.com',
      notes: 'Side gate is open',
    });
    expect((await next(first)).booking?.start).toBe(first);
    expect((await next(new Date(Date.parse(first) + 1).toISOString())).booking?.start).toBe(second);
    // A cancelled visit is not one to open on.
    const { bookingId } = await leadOf(staff, first);
    expect((await staff.patch(`/api/bookings/${bookingId}`, { status: 'cancelled' })).status).toBe(200);
    expect((await next('2027-02-02T13:00:00.000Z')).booking?.start).toBe(second);
    expect(await next(new Date(Date.parse(second) + 1).toISOString())).toEqual({ booking: null });
    const refused = await staff.get<ApiError>('/api/bookings/next?from=monday');
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.from).toBe(nextVisitMessage);
    expect((await t.client().get('/api/bookings/next?from=2027-02-02T13:00:00.000Z')).status).toBe(401);
  });
});

describe('quiet hours', () => {
  it("send the customer's reminder of a Monday visit on Sunday, and the staff's at Monday's opening", async () => {
    const file = dataFile();
    const t = await start(file);
    // Wednesday 3 February 2027, 10:00 am in Melbourne: the next Monday is 8 February.
    t.clock.advance(Date.parse('2027-02-02T23:00:00.000Z') - t.clock.now().getTime());
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const monday = free.days.find((d) => d.date === '2027-02-08')!.slots.find((slot) => slot.start === '2027-02-07T23:00:00.000Z')!.start;
    expect((await book(t, monday)).status).toBe(201);
    const lead = await leadOf(staff, monday);
    const reminders = () =>
      queuedFor(file, lead.id)
        .filter((row) => row.id.includes('-reminder-'))
        .map((row) => `${row.audience} ${row.channel}`)
        .sort();

    // Sunday 10:00 am: the customer's go; the staff's waits.
    t.clock.advance(Date.parse('2027-02-06T23:00:00.000Z') - t.clock.now().getTime());
    expect(await t.app.context.bookings.sendDueReminders()).toBe(1);
    expect(reminders()).toEqual(['customer email', 'customer sms']);
    t.clock.advance(Date.parse('2027-02-07T20:59:59.000Z') - t.clock.now().getTime());
    expect(await t.app.context.bookings.sendDueReminders()).toBe(0);
    // Monday 08:00: the staff's reminder of the 10:00 visit, once.
    t.clock.advance(1000);
    expect(await t.app.context.bookings.sendDueReminders()).toBe(1);
    expect(await t.app.context.bookings.sendDueReminders()).toBe(0);
    expect(reminders()).toEqual(['customer email', 'customer sms', 'staff email']);
    expect(queuedFor(file, lead.id).find((row) => row.audience === 'staff' && row.id.includes('-reminder-'))!.id).toBe(
      `${lead.id}-reminder-staff-0-1`,
    );
  });
});

describe('live and lead deletion', () => {
  it('publishes bookings and blocks on the event feed; deleting the lead deletes its visit and offers the time again', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const events: ChangeEvent[] = [];
    const stop = t.app.context.feed.subscribe((event) => events.push(event));
    const slot = laterSlot(await availability(t.client()));
    expect((await book(t, slot)).status).toBe(201);
    const lead = await leadOf(staff, slot);
    expect(events).toEqual(
      expect.arrayContaining([
        { collection: 'bookings', op: 'create', id: lead.bookingId },
        { collection: 'quote_requests', op: 'create', id: lead.id },
      ]),
    );
    expect(allStarts(await availability(t.client()))).not.toContain(slot);

    expect((await staff.delete(`/api/quote-request/${lead.id}`)).status).toBe(204);
    expect(events).toContainEqual({ collection: 'bookings', op: 'delete', id: lead.bookingId });
    expect(allStarts(await availability(t.client()))).toContain(slot);
    expect(await t.app.store.bookings.get(lead.bookingId)).toBeNull();
    stop();
  });
});

describe('booking settings', () => {
  it('are a section of PUT /api/settings: each wrong field refused with its message, a good save changing the free times', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const { version, settings } = (await staff.get<{ version: number; settings: typeof testSettings }>('/api/settings')).body;
    expect(settings.booking).toMatchObject({ enabled: true, visitMinutes: 60, bufferMinutes: 30, minNoticeHours: 24, horizonWeeks: 8 });
    const publicSettings = (await t.client().get<{ settings: typeof testSettings }>('/api/settings')).body.settings;
    expect(publicSettings.booking.area).toEqual(settings.booking.area);

    const bad = await staff.put<ApiError>('/api/settings', {
      version,
      booking: {
        ...settings.booking,
        visitMinutes: 50,
        area: ['3000-2000'],
        weekly: settings.booking.weekly.map(() => [{ from: '09:10', to: '12:00' }]),
      },
    });
    expect(bad.status).toBe(400);
    expect(Object.entries(bad.body.errors ?? {})).toEqual(
      expect.arrayContaining([
        [expect.stringMatching(/^booking\.visitMinutes/), 'Visit length: a multiple of 15 minutes from 15 to 480'],
        [expect.stringMatching(/^booking\.area/), expect.stringMatching(/^Service area: each entry/)],
        [expect.stringMatching(/^booking\.weekly/), expect.stringMatching(/^Booking hours: write times on the quarter hour/)],
      ]),
    );

    const saved = await staff.put('/api/settings', {
      version,
      booking: { ...settings.booking, visitMinutes: 120, area: ['Northcote', '3070'] },
    });
    expect(saved.status).toBe(200);
    const free = await availability(t.client());
    expect(free.visitMinutes).toBe(120);
    expect(free.days[0].slots.at(-1)?.label).toBe('2:00 pm');
    expect((await t.client().get('/api/booking/availability?postcode=3000')).status).toBe(400);
    expect((await t.client().get('/api/booking/availability?postcode=3999&suburb=northcote')).status).toBe(200);
  });
});

describe('the confirmation leaving the embedded server', () => {
  it('reaches the customer through a real SMTP conversation with the invite attached', async () => {
    const smtp = await startSmtpServer();
    const dir = mkdtempSync(join(tmpdir(), 'booking-smtp-'));
    dirs.push(dir);
    const embedded = await startEmbedded(
      readEnv({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        WEB_DIST: join(dir, 'no-web'),
        ADMIN_USERNAME: admin.username,
        ADMIN_PASSWORD: admin.password,
        SITE_URL: 'https://renovations.example.com/',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Northcote Kitchens <hello@example.com>',
        LOG_LEVEL: 'silent',
      }),
    );
    try {
      const client = { get: (path: string) => fetch(embedded.url + path) };
      const free = (await (await client.get('/api/booking/availability?postcode=3070')).json()) as BookingAvailability;
      const slot = free.days[2].slots[0].start;
      const booked = await fetch(`${embedded.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...customer, email: 'smtp-customer@example.com', start: slot }),
      });
      expect(booked.status).toBe(201);
      const mail = await until(
        () => smtp.received.find((m) => m.to[0] === 'smtp-customer@example.com' && m.subject.startsWith('Your free kitchen measure')),
        'the confirmation',
      );
      expect(mail.text).toContain('https://renovations.example.com/book/manage?t=');
      const [invite] = mail.attachments;
      expect(invite.filename).toBe('invite.ics');
      expect(invite.contentType).toBe('text/calendar');
      const calendar = new ICAL.Component(ICAL.parse(invite.content));
      expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
      expect((calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(slot);
    } finally {
      await embedded.close();
      await smtp.close();
    }
  });
});

describe("a person's records", () => {
  it('include the site measure they booked, found by email, and the erasure deletes it with its lead', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const slot = laterSlot(await availability(t.client()));
    expect((await book(t, slot)).status).toBe(201);
    const records = await staff.get<{ bookings?: Array<{ start: string; mobile: string; street: string }> }>(
      '/api/privacy/records?email=olivia%40example.com',
    );
    expect(records.status).toBe(200);
    expect(records.body.bookings).toEqual([expect.objectContaining({ start: slot, mobile: '0412 345 678', street: '12 High Street' })]);
    expect(records.body.bookings?.[0]).not.toHaveProperty('cells');

    const erased = await staff.post<{ quoteRequests: number }>('/api/privacy/erase', { email: 'olivia@example.com', confirm: 'ERASE' });
    expect(erased.status).toBe(200);
    expect(erased.body.quoteRequests).toBe(1);
    expect(allStarts(await availability(t.client()))).toContain(slot);
    expect((await t.app.store.bookings.find({ orderBy: 'start', direction: 'asc', limit: 10 })).items).toEqual([]);
  });

  it('include the site measure they booked, found by its mobile in another form, and the erasure by phone deletes it with its lead', async () => {
    const t = await start();
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const slot = laterSlot(free);
    expect((await book(t, slot)).status).toBe(201);
    // Someone else's booking, with another mobile, stays out of it.
    const other = free.days[3].slots[0].start;
    expect((await book(t, other, { email: 'noah@example.com', mobile: '0498 765 432', firstName: 'Noah' })).status).toBe(201);

    type Records = { bookings: Array<{ start: string; mobile: string }>; quoteRequests: QuoteRequest[]; notes: string[] };
    const records = await staff.get<Records>(`/api/privacy/records?phone=${encodeURIComponent('+61 412 345 678')}`);
    expect(records.status).toBe(200);
    expect(records.body.bookings).toEqual([expect.objectContaining({ start: slot, mobile: '0412 345 678' })]);
    expect(records.body.quoteRequests).toEqual([expect.objectContaining({ email: 'olivia@example.com', bookingId: expect.any(String) })]);
    expect(records.body.notes).toContain(
      'Quote requests do not ask for a phone number: those made by booking a site measure are found by its mobile number; search by email address to find the others.',
    );

    const erased = await staff.post<{ quoteRequests: number }>('/api/privacy/erase', { phone: '0412345678', confirm: 'ERASE' });
    expect(erased.status).toBe(200);
    expect(erased.body.quoteRequests).toBe(1);
    expect(allStarts(await availability(t.client()))).toContain(slot);
    const left = (await t.app.store.bookings.find({ orderBy: 'start', direction: 'asc', limit: 10 })).items;
    expect(left.map((booking) => booking.email)).toEqual(['noah@example.com']);
  });
});

describe("one person's visits", () => {
  it("refuses a third visit for one email, mobile or street with the first visit's date, emails its link again at most once an hour, and counts only visits to come", async () => {
    const file = dataFile();
    const t = await start(file);
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const [first, second] = [free.days[2].slots[0].start, free.days[3].slots[0].start];
    const spare = free.days.slice(5, 10).map((d) => d.slots[0].start);
    // The later visit booked first: the refusal names the earliest, not the first booked.
    expect((await book(t, second)).status).toBe(201);
    expect((await book(t, first)).status).toBe(201);
    const lead = await leadOf(staff, first);
    const token = manageToken(queuedFor(file, lead.id).find((row) => row.channel === 'sms' && row.audience === 'customer')!.body);

    // Someone else in all but one of the email (other case, spaces), the mobile (written another way) or the street (spacing, case).
    const others = { email: 'someone@example.com', mobile: '0498 765 432', street: '7 Other Road' };
    for (const attempt of [
      { ...others, email: '  OLIVIA@Example.com ' },
      { ...others, mobile: '+61 412-345-678' },
      { ...others, street: ' 12  HIGH street' },
    ]) {
      const refused = await book(t, spare[0], attempt);
      expect(refused.status, JSON.stringify(attempt)).toBe(409);
      expect(refused.body.message).toBe(alreadyBooked(first));
    }
    // Nothing was stored for them.
    expect(allStarts(await availability(t.client()))).toContain(spare[0]);
    expect(
      (await t.app.store.bookings.find({ where: { status: 'booked' }, orderBy: 'start', direction: 'asc', limit: 10 })).items,
    ).toHaveLength(2);

    // The earliest visit's link, emailed again once in the hour, to the address it was booked with, never to the one just given.
    const resent = () => queuedFor(file, lead.id).filter((row) => row.id.includes('-link-'));
    expect(resent()).toHaveLength(1);
    expect(resent()[0]).toMatchObject({ recipient: 'olivia@example.com', audience: 'customer', channel: 'email' });
    expect(manageToken(resent()[0].body)).toBe(token);
    expect(queuedTo(file, 'someone@example.com')).toEqual([]);
    t.clock.advance(hour + 60_000);
    expect((await book(t, spare[0], { ...others, mobile: '0412345678' })).status).toBe(409);
    expect(resent()).toHaveLength(2);

    // Another postcode is another place.
    expect((await book(t, spare[1], { ...others, street: '12 High Street', postcode: '3071', suburb: 'Thornbury' })).status).toBe(201);
    // A cancelled visit no longer counts, nor one that has passed.
    const later = await leadOf(staff, second);
    expect((await staff.patch(`/api/bookings/${later.bookingId}`, { status: 'cancelled' })).status).toBe(200);
    expect((await book(t, spare[2])).status).toBe(201);
    expect((await book(t, spare[3])).body.message).toBe(alreadyBooked(first));
    t.clock.advance(Date.parse(first) + hour - t.clock.now().getTime());
    expect((await book(t, spare[3])).status).toBe(201);
  });

  it('lets two of six parallel requests by one person through; the others get 409 and nothing is stored for them', async () => {
    const t = await start();
    const slots = (await availability(t.client())).days.slice(2, 8).map((d) => d.slots[0].start);
    const answers = await Promise.all(slots.map((slot) => book(t, slot)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    const booked = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.booking.start);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(booked.map(alreadyBooked)).toContain(answer.body.message);
    }
    const stored = await t.app.store.bookings.find({ orderBy: 'start', direction: 'asc', limit: 10 });
    expect(stored.items.map((booking) => booking.start).sort()).toEqual([...booked].sort());
    const left = allStarts(await availability(t.client()));
    expect(slots.filter((slot) => !left.includes(slot)).sort()).toEqual([...booked].sort());
  });
});

describe("a busy day's staff alerts", () => {
  it('go out one by one for the first 20 of the business day; the rest (booked, moved, cancelled) in one digest once the day is over, sent once', async () => {
    const file = dataFile();
    const t = await start(file);
    // Tuesday 2 February 2027, 10:00 am in Melbourne (AEDT): everything below happens that business day.
    t.clock.advance(Date.parse('2027-02-01T23:00:00.000Z') - t.clock.now().getTime());
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const person = (i: number) => ({
      firstName: `Busy${String.fromCharCode(65 + i)}`,
      email: `busy${i}@example.com`,
      mobile: `04120000${String(i).padStart(2, '0')}`,
      street: `${i + 1} Busy Street`,
    });
    const starts = free.days.slice(2, 23).map((d) => d.slots[0].start);
    for (const [i, slot] of starts.entries()) expect((await book(t, slot, person(i))).status).toBe(201);
    const leads = await Promise.all(starts.map((slot) => leadOf(staff, slot)));
    // The 22nd and 23rd alerts: staff move BusyA's visit, BusyB cancels theirs through the link.
    const target = free.days[24].slots[0].start;
    expect((await staff.patch(`/api/bookings/${leads[0].bookingId}`, { start: target })).status).toBe(200);
    const token = manageToken(queuedFor(file, leads[1].id).find((row) => row.channel === 'sms' && row.audience === 'customer')!.body);
    expect((await t.client().post('/api/bookings/manage', { token, cancel: true })).status).toBe(200);

    const staffAlerts = queuedTo(file, 'office@example.com');
    expect(staffAlerts).toHaveLength(20);
    expect(staffAlerts.map((row) => row.subject)).toEqual(
      starts.slice(0, 20).map((_, i) => expect.stringContaining(`New site measure booked: ${person(i).firstName} Brown`)),
    );
    // The customers still get theirs.
    expect(queuedFor(file, leads[20].id).map((row) => `${row.audience} ${row.channel}`)).toEqual(['customer email', 'customer sms']);
    expect(
      queuedFor(file, leads[0].id)
        .filter((row) => row.id.includes('-moved-1-'))
        .map((row) => row.audience),
    ).toEqual(['customer', 'customer']);

    // Not while the day lasts; once it is over, one digest, once, at the next opening (08:00 Wednesday).
    expect(await t.app.context.calendar.sendDueDigests()).toBe(0);
    t.clock.advance(Date.parse('2027-02-02T13:05:00.000Z') - t.clock.now().getTime());
    expect(await t.app.context.jobs.run('booking-reminders')).toBe(0);
    t.clock.advance(Date.parse('2027-02-02T20:59:59.000Z') - t.clock.now().getTime());
    expect(await t.app.context.calendar.sendDueDigests()).toBe(0);
    t.clock.advance(1000);
    // The scheduled kind that sends the reminders (none due yet) sends the digest too.
    expect(await t.app.context.jobs.run('booking-reminders')).toBe(1);
    expect(await t.app.context.calendar.sendDueDigests()).toBe(0);
    const digest = queuedTo(file, 'office@example.com').slice(20);
    expect(digest).toHaveLength(1);
    expect(digest[0].id).toBe('booking-digest-2027-02-02-1');
    expect(digest[0].subject).toBe('Site measures on Tuesday 2 February 2027: 3 more changes');
    const lines = digest[0].body.split('\n');
    expect(lines[0]).toBe(
      'Past the first 20 alerts of Tuesday 2 February 2027, these 3 site measure changes were kept for this one email:',
    );
    expect(lines.filter((line) => /^\d{1,2}:\d{2} (am|pm), /.test(line))).toEqual([
      expect.stringMatching(
        /^10:\d\d am, Booked: BusyU Brown, Kitchen, .+, Northcote https:\/\/renovations\.example\.com\/admin\?tab=calendar#booking-/,
      ),
      expect.stringMatching(/^10:\d\d am, Moved by staff: BusyA Brown, Kitchen, .+ \(was .+\), Northcote https:/),
      expect.stringMatching(/^10:\d\d am, Cancelled by the customer: BusyB Brown, Kitchen, .+, Northcote https:/),
    ]);
  });
});

describe('customer text', () => {
  it('refuses control characters and direction overrides in the street, notes and block labels, and line breaks but in the notes, naming the field', async () => {
    const file = dataFile();
    const t = await start(file);
    const staff = await t.adminClient();
    const free = await availability(t.client());
    const slot = laterSlot(free);
    const refusals: Array<[Record<string, string>, string, string]> = [
      [{ street: '12 High Street\nX-Extra: yes' }, 'street', 'Street address must be on one line'],
      [{ street: '12 High Street\u2028Rear' }, 'street', 'Street address must be on one line'],
      [{ street: '12 High \u202Eteerts' }, 'street', 'Street address contains characters that are not allowed'],
      [{ street: '12 High\u0085Street' }, 'street', 'Street address contains characters that are not allowed'],
      [{ street: '12 High\u0000Street' }, 'street', 'Street address contains characters that are not allowed'],
      [{ notes: 'Gate \u2066code\u2069' }, 'notes', 'Notes contains characters that are not allowed'],
      [{ notes: 'Ring the\u0007bell' }, 'notes', 'Notes contains characters that are not allowed'],
      [{ notes: 'Side \u202Agate' }, 'notes', 'Notes contains characters that are not allowed'],
      [{ notes: 'Esc\u001B[2J' }, 'notes', 'Notes contains characters that are not allowed'],
    ];
    for (const [change, field, message] of refusals) {
      const refused = await book(t, slot, change);
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.errors?.[field]).toBe(message);
    }
    expect(allStarts(await availability(t.client()))).toContain(slot);

    // Notes may run over lines.
    const notes = 'Gate code 1234\nThe dog is friendly';
    expect((await book(t, slot, { notes })).status).toBe(201);
    const lead = await leadOf(staff, slot);
    expect((await staff.get<Booking>(`/api/bookings/${lead.bookingId}`)).body.notes).toBe(notes);

    const blockStart = free.days[4].slots[0].start;
    const blockEnd = new Date(Date.parse(blockStart) + 2 * hour).toISOString();
    for (const [label, message] of [
      ['Leave\nSick', 'Label must be on one line'],
      ['\u202Eevael', 'Label contains characters that are not allowed'],
      ['Leave\u009B', 'Label contains characters that are not allowed'],
    ]) {
      const refused = await staff.post<ApiError>('/api/bookings/blocks', { start: blockStart, end: blockEnd, label });
      expect(refused.status, JSON.stringify(label)).toBe(400);
      expect(refused.body.errors?.label).toBe(message);
    }
    const range = `from=${new Date(Date.parse(blockStart) - day).toISOString()}&to=${new Date(Date.parse(blockStart) + day).toISOString()}`;
    expect((await staff.get<BookingCalendar>(`/api/bookings?${range}`)).body.blocks).toEqual([]);
  });
});

describe('calendar text', () => {
  /** The lines of an iCalendar file with its folded lines joined again (RFC 5545 3.1). */
  const lines = (text: string) => text.replace(/\r\n[ \t]/g, '').split('\r\n');

  it('is escaped in the invite and the feed, the business name in PRODID, NAME and X-WR-CALNAME included', async () => {
    const file = dataFile();
    const brand = 'Smith, Jones; Kitchens \\ Co\nX-EXTRA:1';
    const t = await start(file, { ...testSettings, business: { ...testSettings.business, brand } });
    const staff = await t.adminClient();
    const slot = laterSlot(await availability(t.client()));
    const street = '12 High Street; Unit 3, rear \\ side';
    const notes = 'Gate code: 1234, side gate\nDog; friendly \\ barks';
    expect((await book(t, slot, { street, notes })).status).toBe(201);
    const lead = await leadOf(staff, slot);
    const escaped = 'Smith\\, Jones\\; Kitchens \\\\ Co\\nX-EXTRA:1';

    const email = queuedFor(file, lead.id).find((row) => row.audience === 'customer' && row.channel === 'email')!;
    const [attachment] = JSON.parse(email.attachments ?? '[]') as Array<{ content: string }>;
    const invite = lines(attachment.content);
    expect(invite).toContain(`PRODID:-//${escaped}//Site measure booking//EN`);
    expect(invite.filter((line) => line.startsWith('X-EXTRA'))).toEqual([]);
    const event = new ICAL.Component(ICAL.parse(attachment.content)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('location')).toBe(`${street}, Northcote VIC 3070`);
    expect(event.getFirstPropertyValue('summary')).toBe(`Free kitchen measure: ${brand}`);

    const url = (await staff.get<BookingFeed>('/api/bookings/feed')).body.url;
    const feed = (await t.client().get(new URL(url).pathname)).text;
    const feedLines = lines(feed);
    expect(feedLines).toEqual(
      expect.arrayContaining([
        `PRODID:-//${escaped}//Site measure bookings//EN`,
        `NAME:${escaped}: site measures`,
        `X-WR-CALNAME:${escaped}: site measures`,
      ]),
    );
    expect(feedLines.filter((line) => line.startsWith('X-EXTRA'))).toEqual([]);
    const [visit] = new ICAL.Component(ICAL.parse(feed)).getAllSubcomponents('vevent');
    expect(visit.getFirstPropertyValue('location')).toBe(`${street}, Northcote VIC 3070`);
    expect(String(visit.getFirstPropertyValue('description'))).toContain(`Notes: ${notes}\n`);
  });
});
