/**
 * Booking a free site measure in Firebase mode, on Google's Firestore emulator, over real HTTP:
 * ten parallel requests for one time give exactly one booking (the cells' create-if-absent),
 * the others 409 with the fresh times; a move frees the old cells and holds the new ones; a
 * block over a visit is refused; a cancellation frees the time; the confirmation is a Trigger
 * Email document carrying the invite; the reminder is queued once when two runs overlap; one
 * person holds at most two visits, also when their requests arrive at once; a busy day's staff
 * alerts are counted exactly under concurrency and its digest claimed once; and the queries'
 * composite indexes are declared.
 */
import { bookingMessages, type ApiError, type BookingAvailability, type BookingCalendar, type PublicBooking } from '@site/domain';
import { visitDateLabel } from '@site/domain/booking-slots';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorProject } from '@site/test-support/stores';
import type { Firestore } from 'firebase-admin/firestore';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingCellsCollection } from '../src/adapters/firestore/bookings';
import { describeNeed, indexFile, recordQueries, serves } from './firestore-indexes';
import { allStarts, day, freeTimes, hour, weekdayOf } from './booking-fixtures';
import { startTestApp, testPolicy, testSettings, type Client, type TestApp } from './harness';

const customer = {
  service: 'bathroom',
  street: '3 Station Street',
  suburb: 'Fairfield',
  postcode: '3078',
  firstName: 'Noah',
  lastName: 'Wilson',
  email: 'noah@example.com',
  mobile: '+61 412 345 678',
};

describe.skipIf(!firestoreEmulatorHost)(onEmulator('booking on Firestore'), () => {
  let t: TestApp;
  let staff: Client;
  let db: Firestore;
  const queries = recordQueries();

  beforeAll(async () => {
    const project = emulatorProject('bookings');
    db = project.db;
    t = await startTestApp({}, project.store, undefined, undefined, {
      delivery: { policy: testPolicy, configured: { email: null, sms: null } },
      settings: testSettings,
    });
    staff = await t.adminClient();
  });
  afterAll(async () => {
    queries.stop();
    await t?.close();
  });

  const availability = () => freeTimes(t.client(), 'postcode=3078');
  const starts = allStarts;
  const book = (start: string, extra: Record<string, unknown> = {}) =>
    t.client().post<{ booking: PublicBooking } & ApiError & { availability?: BookingAvailability }>('/api/bookings', {
      ...customer,
      start,
      ...extra,
    });
  const bookingAt = async (start: string) => {
    const calendar = await staff.get<BookingCalendar>(
      `/api/bookings?from=${new Date(Date.parse(start) - day).toISOString()}&to=${new Date(Date.parse(start) + day).toISOString()}`,
    );
    return calendar.body.bookings.find((b) => b.start === start && b.status === 'booked');
  };

  it('lets exactly one of ten parallel requests for one time through; the others get 409 with fresh times', async () => {
    const slot = (await availability()).days[2].slots[1].start;
    // Ten customers: each their own email, mobile and address.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(slot, { email: `racer${i}@example.com`, mobile: `04110000${i}0`, street: `${i + 1} Race Street` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(bookingMessages.slotTaken);
      expect(starts(answer.body.availability!)).not.toContain(slot);
    }
    const booking = await bookingAt(slot);
    expect(booking).toBeDefined();
    // 60 minutes and 30 of buffer: six cells, held by the one booking.
    const cells = await db.collection(bookingCellsCollection).where('holderId', '==', booking!.id).get();
    expect(cells.size).toBe(6);
    // Exactly one quote request for it, and its confirmation carries the invite.
    const quotes = await db.collection('quote_requests').where('bookingId', '==', booking!.id).get();
    expect(quotes.size).toBe(1);
    const mail = await db.collection('mail').where('leadId', '==', booking!.leadId).get();
    const confirmation = mail.docs.find((doc) => (doc.get('to') as string[])[0] === booking!.email)!;
    const [invite] = confirmation.get('message.attachments') as Array<{ content: string }>;
    const calendar = new ICAL.Component(ICAL.parse(invite.content));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    expect((calendar.getFirstSubcomponent('vevent')!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString()).toBe(slot);
  });

  it('moves a visit (old time offered again), refuses a block over it, cancels it and frees its cells', async () => {
    const free = await availability();
    const first = free.days[3].slots[0].start;
    const second = free.days[4].slots[4].start;
    expect((await book(first, { email: 'mover@example.com' })).status).toBe(201);
    const booking = (await bookingAt(first))!;

    const moved = await staff.patch<{ start: string; sequence: number }>(`/api/bookings/${booking.id}`, { start: second });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ start: second, sequence: 1 });
    const after = starts(await availability());
    expect(after).toContain(first);
    expect(after).not.toContain(second);

    const block = await staff.post<ApiError>('/api/bookings/blocks', {
      start: second,
      end: new Date(Date.parse(second) + hour).toISOString(),
      label: 'Leave',
    });
    expect(block.status).toBe(409);
    expect(block.body.message).toBe(bookingMessages.blockOverlapsBooking);

    expect((await staff.patch(`/api/bookings/${booking.id}`, { status: 'cancelled' })).status).toBe(200);
    expect(starts(await availability())).toContain(second);
    expect((await db.collection(bookingCellsCollection).where('holderId', '==', booking.id).get()).size).toBe(0);
  });

  it('queues the reminder once when two runs overlap', async () => {
    // Not a Monday: its reminder, 24 hours before, falls inside the opening hours (Monday to Friday).
    const slot = (await availability()).days.slice(5).find((d) => weekdayOf(d.slots[0].start) !== 'Monday')!.slots[3].start;
    expect((await book(slot, { email: 'reminded@example.com' })).status).toBe(201);
    const booking = (await bookingAt(slot))!;
    const offset = Date.parse(slot) - day - t.clock.now().getTime();
    t.clock.advance(offset);
    try {
      const runs = await Promise.all([t.app.context.bookings.sendDueReminders(), t.app.context.bookings.sendDueReminders()]);
      expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
      const mail = await db.collection('mail').where('leadId', '==', booking.leadId).get();
      expect(mail.docs.filter((doc) => doc.id.includes('-reminder-'))).toHaveLength(2);
    } finally {
      t.clock.advance(-offset);
    }
  });

  it("finds a person's booking by its mobile in any form, and the erasure by phone deletes it with its cells", async () => {
    const slot = (await availability()).days[6].slots[0].start;
    expect((await book(slot, { email: 'private@example.com', mobile: '0423 456 789', street: '9 Station Street' })).status).toBe(201);
    const booking = (await bookingAt(slot))!;
    const records = await staff.get<{ bookings: Array<{ id: string }>; quoteRequests: Array<{ id: string }> }>(
      `/api/privacy/records?phone=${encodeURIComponent('+61423456789')}`,
    );
    expect(records.status).toBe(200);
    expect(records.body.bookings.map((found) => found.id)).toEqual([booking.id]);
    expect(records.body.quoteRequests.map((lead) => lead.id)).toEqual([booking.leadId]);

    const erased = await staff.post<{ quoteRequests: number }>('/api/privacy/erase', { phone: '0423 456 789', confirm: 'ERASE' });
    expect(erased.status).toBe(200);
    expect(erased.body.quoteRequests).toBe(1);
    expect((await db.collection('bookings').doc(booking.id).get()).exists).toBe(false);
    expect((await db.collection(bookingCellsCollection).where('holderId', '==', booking.id).get()).size).toBe(0);
    expect(starts(await availability())).toContain(slot);
  });

  it("refuses a third visit for one mobile with the first visit's date and emails its link again to the address it was booked with", async () => {
    const free = await availability();
    const person = { email: 'holder@example.com', mobile: '0433 222 111', street: '40 Holder Road' };
    const [first, second, third] = [free.days[7].slots[0].start, free.days[8].slots[0].start, free.days[9].slots[0].start];
    expect((await book(first, person)).status).toBe(201);
    expect((await book(second, person)).status).toBe(201);
    // The same mobile written another way, with another email and address.
    const refused = await book(third, { email: 'another@example.com', mobile: '+61433222111', street: '1 Elsewhere Lane' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `You already have a visit booked on ${visitDateLabel(Date.parse(first))}: your confirmation email has a link to move it`,
    );
    expect(starts(await availability())).toContain(third);
    const held = (await bookingAt(first))!;
    const mail = await db.collection('mail').where('leadId', '==', held.leadId).get();
    const resent = mail.docs.filter((doc) => doc.id.includes('-link-'));
    expect(resent.map((doc) => doc.get('to'))).toEqual([['holder@example.com']]);
    expect(resent[0].get('message.text')).toContain('https://renovations.example.com/book/manage?t=');
    expect((await db.collection('mail').where('to', 'array-contains', 'another@example.com').get()).size).toBe(0);
  });

  it('lets two of six parallel requests by one person through; the others get 409 and nothing is stored for them', async () => {
    const free = await availability();
    const person = { email: 'parallel@example.com', mobile: '0455 666 777', street: '5 Parallel Parade' };
    const slots = free.days.slice(10, 16).map((d) => d.slots[0].start);
    const answers = await Promise.all(slots.map((slot) => book(slot, person)));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.message).toMatch(/^You already have a visit booked on .+: your confirmation email has a link to move it$/);
    }
    const stored = await db.collection('bookings').where('email', '==', 'parallel@example.com').get();
    expect(stored.docs.map((doc) => doc.get('status'))).toEqual(['booked', 'booked']);
    const cells = await Promise.all(stored.docs.map((doc) => db.collection(bookingCellsCollection).where('holderId', '==', doc.id).get()));
    expect(cells.map((found) => found.size)).toEqual([6, 6]);
    const left = starts(await availability());
    expect(slots.filter((slot) => !left.includes(slot))).toHaveLength(2);
  });

  it("counts a day's staff alerts exactly when they arrive at once, and claims its digest once", async () => {
    const alerts = t.app.store.bookingAlerts;
    const day = '2031-01-07';
    const alert = (i: number) => ({
      id: `alert${String(i).padStart(16, '0')}`,
      day,
      at: new Date(Date.UTC(2031, 0, 6, 23, i)).toISOString(),
      kind: 'confirmed' as const,
      bookingId: `booking${i}`,
      start: '2031-01-10T22:00:00.000Z',
    });
    for (let i = 0; i < 16; i++) expect(await alerts.count(alert(i), 20)).toBe('send');
    // Eight at once across the day's allowance: four go out, four are held.
    const counted = await Promise.all(Array.from({ length: 8 }, (_, i) => alerts.count(alert(16 + i), 20)));
    expect(counted.filter((answer) => answer === 'send')).toHaveLength(4);
    expect(counted.filter((answer) => answer === 'held')).toHaveLength(4);
    expect(await alerts.undigested('2031-01-07')).toEqual([]);
    expect(await alerts.undigested('2031-01-08')).toEqual([day]);
    const claims = await Promise.all([alerts.claimDigest(day), alerts.claimDigest(day)]);
    const taken = claims.filter((claim) => claim !== null);
    expect(taken).toHaveLength(1);
    expect(taken[0]!.map((held) => held.at)).toEqual([...taken[0]!.map((held) => held.at)].sort());
    expect(taken[0]).toHaveLength(4);
    // Once claimed, a late alert of that day goes out on its own.
    expect(await alerts.count(alert(30), 20)).toBe('send');
    await alerts.digested(day);
    expect(await alerts.undigested('2031-01-08')).toEqual([]);
    expect((await db.collection('booking_alerts').where('day', '==', day).get()).size).toBe(0);
  });

  it('asks only for queries whose composite indexes firestore.indexes.json declares', () => {
    const declared = indexFile().indexes;
    const needs = queries.needs().filter((need) => need.collectionGroup.startsWith('booking'));
    expect(needs.map(describeNeed).sort()).toEqual([
      'bookings: reminder ==, status ==, reminderDueAt ASCENDING',
      'bookings: status ==, start ASCENDING',
    ]);
    expect(needs.filter((need) => !declared.some((index) => serves(index, need))).map(describeNeed)).toEqual([]);
  });
});
