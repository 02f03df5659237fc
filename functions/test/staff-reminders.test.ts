/**
 * Staff reminders as the owner expects them, on both stores (SQLite, and Firestore on Google's
 * emulator): quiet hours (a follow-up reminder that falls due on a Saturday evening goes out on
 * Monday at opening, by a clock the test sets), the first staff address saved getting one
 * digest of the reminders that fell due before it existed rather than one per lead, and a lead
 * whose customer booked a site measure counting as contacted: out of the "waiting" figure, with
 * no follow-up reminder.
 */
import type { Inquiry, LeadStats, PublicBooking, QuoteRequest } from '@site/domain';
import { defaultBusinessHours } from '@site/domain/business-hours';
import { storesUnderTest } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../src/ports/clock';
import type { MessageSettings } from '../src/services/lead-messages';
import { heldRemindersDigest, sendDueReminders } from '../src/services/follow-up';
import { bookingCustomer, freeTimes } from './booking-fixtures';
import { goodInquiry, goodQuote, startTestApp, testMessageSettings, testPolicy, testSettings, type Client, type TestApp } from './harness';

const at = (iso: string): Clock => ({ now: () => new Date(iso) });
/** Reminders after 2 business hours, Monday to Friday 08:00 to 17:30 (the settings' hours), to one address and one mobile. */
const staffed: MessageSettings = {
  ...testMessageSettings,
  staffEmails: ['office@example.com'],
  staffPhones: ['+61411111111'],
  followUp: { afterHours: 2, businessHours: defaultBusinessHours },
};
const nobody: MessageSettings = { ...staffed, staffEmails: [], staffPhones: [] };

const stores = storesUnderTest('staff-reminders');

describe.each(stores)('staff reminders on %s', (_name, makeStore, runs) => {
  let t: TestApp;
  let staff: Client;

  beforeAll(async () => {
    if (!runs) return;
    t = await startTestApp({}, makeStore, undefined, undefined, {
      delivery: { policy: testPolicy, configured: { email: null, sms: null } },
      settings: testSettings,
    });
    staff = await t.adminClient();
  });
  afterAll(async () => {
    await t?.close();
  });

  const run = (settings: MessageSettings, iso: string) =>
    sendDueReminders({ store: t.app.store, settings: async () => settings, clock: at(iso) });
  const messageIds = async (id: string) => ((await t.app.store.messages.forLeads([id])).get(id) ?? []).map((m) => m.id).sort();
  /** A lead's reminders (`-r1`, `-r2`), not the alerts of its arrival. */
  const reminderIds = async (id: string) => (await messageIds(id)).filter((each) => /-r\d+$/.test(each));
  /** A new inquiry whose reminder is due at `due` (as if the hours, when it came, had it so). */
  const dueAt = async (due: string, firstName = 'Ava') => {
    const lead = (await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, firstName })).body;
    await t.app.store.inquiries.update(lead.id, { followUpDueAt: new Date(due).toISOString(), followUp: 'pending' });
    return lead;
  };

  it.skipIf(!runs)('send a reminder due on a Saturday evening on Monday at opening, not before', async () => {
    const lead = await dueAt('2031-01-04T19:00:00+11:00');
    for (const quiet of ['2031-01-04T19:00:00+11:00', '2031-01-05T12:00:00+11:00', '2031-01-06T07:59:59.999+11:00'])
      expect(await run(staffed, quiet), quiet).toBe(0);
    expect(await reminderIds(lead.id)).toEqual([]);
    expect(await run(staffed, '2031-01-06T08:00:00+11:00')).toBe(1);
    expect(await reminderIds(lead.id)).toEqual([`${lead.id}-r1`, `${lead.id}-r2`]);
    expect(await t.app.store.inquiries.get(lead.id)).toMatchObject({
      followUp: 'reminded',
      followUpRemindedAt: '2031-01-05T21:00:00.000Z',
    });
    expect(await run(staffed, '2031-01-06T09:00:00+11:00')).toBe(0);
  });

  it.skipIf(!runs)('hold the reminders due while nobody is set, and send the first address one digest of them', async () => {
    const waiting = [await dueAt('2031-02-03T10:00:00+11:00', 'Mia'), await dueAt('2031-02-03T11:00:00+11:00', 'Noah')];
    const answered = await dueAt('2031-02-03T12:00:00+11:00', 'Leo');
    expect(await run(nobody, '2031-02-03T13:00:00+11:00')).toBe(0);
    for (const lead of [...waiting, answered]) expect((await t.app.store.inquiries.get(lead.id))?.followUp).toBe('held');
    expect((await staff.patch(`/api/project-inquiry/${answered.id}`, { status: 'contacted' })).status).toBe(200);
    const later = await dueAt('2031-02-03T15:00:00+11:00', 'Zoe');

    // The address is saved at 14:00: one digest for the two still new, no reminder each.
    expect(await run(staffed, '2031-02-03T14:00:00+11:00')).toBe(1);
    const noticeId = `follow-up-digest-${Date.parse('2031-02-03T14:00:00+11:00').toString(36)}`;
    expect(await messageIds(noticeId)).toEqual([`${noticeId}-1`]);
    for (const lead of [...waiting, answered]) expect(await reminderIds(lead.id)).toEqual([]);
    for (const lead of waiting) expect((await t.app.store.inquiries.get(lead.id))?.followUp).toBe('reminded');
    expect(await run(staffed, '2031-02-03T14:30:00+11:00')).toBe(0);
    // A lead that falls due once someone is there is reminded on its own.
    expect(await run(staffed, '2031-02-03T15:00:00+11:00')).toBe(1);
    expect(await reminderIds(later.id)).toEqual([`${later.id}-r1`, `${later.id}-r2`]);
  });

  it.skipIf(!runs)('count a booked site measure as the first contact: contacted, not waiting, never reminded', async () => {
    const before = (await staff.get<LeadStats>('/api/leads/stats')).body.waiting;
    const start = (await freeTimes(t.client())).days[1].slots[0].start;
    const booked = await t.client().post<{ booking: PublicBooking }>('/api/bookings', { ...bookingCustomer, start });
    expect(booked.status).toBe(201);
    const quotes = (await staff.get<QuoteRequest[]>('/api/quote-requests?limit=100')).body;
    const lead = quotes.find((quote) => quote.bookingId && quote.email === 'olivia@example.com');
    expect(lead).toMatchObject({ status: 'contacted', history: [{ by: 'website', event: 'measure-booked' }] });
    expect(lead?.firstContactAt).toBe(lead?.createdAt);
    expect(lead).not.toHaveProperty('followUpDueAt');
    expect((await staff.get<LeadStats>('/api/leads/stats')).body.waiting).toBe(before);

    // One booked before the rule, still new with a reminder pending: it is settled, not reminded.
    const old = (await t.client().post<QuoteRequest>('/api/quote-request', goodQuote)).body;
    await t.app.store.quotes.update(old.id, {
      bookingId: 'x'.repeat(20),
      followUpDueAt: '2031-03-03T10:00:00.000Z',
      followUp: 'pending',
    });
    expect(await run(staffed, '2031-03-04T10:00:00+11:00')).toBe(0);
    expect(await reminderIds(old.id)).toEqual([]);
    expect(await t.app.store.quotes.get(old.id)).toMatchObject({
      status: 'contacted',
      firstContactAt: old.createdAt,
      history: [{ by: 'website', event: 'measure-booked', at: old.createdAt }],
    });
  });
});

describe('the digest of held reminders', () => {
  it('lists each lead with its link, then how many more beyond fifty', () => {
    const lead = (i: number) => ({
      kind: 'inquiry' as const,
      record: { id: `lead${i}`, firstName: `Ava${i}`, lastName: 'Nguyen', createdAt: '2031-02-03T00:00:00.000Z' } as Inquiry,
    });
    const [mail] = heldRemindersDigest(staffed, [lead(1), lead(2)]);
    expect(mail).toMatchObject({
      to: 'office@example.com',
      audience: 'staff',
      subject: 'Reminder: 2 leads have waited for a first contact',
    });
    expect(mail.text.split('\n').slice(0, 4)).toEqual([
      'Before a staff address was set, these 2 leads passed their follow-up time still new:',
      '',
      'Ava1 Nguyen: inquiry received 3 February 2031 at 11:00 am https://renovations.example.com/admin?tab=inquiries&lead=lead1',
      'Ava2 Nguyen: inquiry received 3 February 2031 at 11:00 am https://renovations.example.com/admin?tab=inquiries&lead=lead2',
    ]);
    const many = heldRemindersDigest(
      staffed,
      Array.from({ length: 53 }, (_, i) => lead(i)),
    )[0];
    expect(many.text).toContain('And: 3 more in the dashboard');
    expect(heldRemindersDigest(nobody, [lead(1)])).toEqual([]);
  });
});
