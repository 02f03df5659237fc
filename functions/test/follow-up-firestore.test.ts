/**
 * Follow-up reminders in Firebase mode, on Google's Firestore emulator: what the scheduled
 * function `followUpReminders` runs (sendDueReminders on the Firestore Store) queues one
 * reminder per lead in the Trigger Email and Twilio extensions' collections, at the due time
 * and not before, none for a lead answered in time, one when two runs overlap; the dashboard's
 * overdue count; and the composite indexes those queries need are declared.
 */
import { defaultBusinessHours } from '@site/domain/business-hours';
import type { Inquiry, LeadStats, QuoteRequest } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorProject } from '@site/test-support/stores';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillFollowUp } from '../src/adapters/firestore/backfill';
import { messageSettingsOf } from '../src/message-settings';
import type { Clock } from '../src/ports/clock';
import { sendDueReminders } from '../src/services/follow-up';
import { describeNeed, indexFile, recordQueries, serves } from './firestore-indexes';
import { goodInquiry, goodQuote, startTestApp, testPolicy, testSettings, type Client, type TestApp } from './harness';

/** A staff address and mobile, reminders after 2 business hours (Monday to Friday 08:00 to 17:30). */
const site = {
  ...testSettings,
  notifications: { emails: ['office@example.com'], mobiles: ['+61411111111'], followUpAfterHours: 2, smsOptOut: false },
};
const settings = messageSettingsOf(site, testPolicy);

const at = (iso: string): Clock => ({ now: () => new Date(iso) });
const before = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

describe.skipIf(!firestoreEmulatorHost)(onEmulator('follow-up reminders on Firestore'), () => {
  let t: TestApp;
  let staff: Client;
  let db: Firestore;
  const queries = recordQueries();

  beforeAll(async () => {
    const project = emulatorProject('follow-up');
    db = project.db;
    t = await startTestApp({}, project.store, undefined, undefined, {
      delivery: { policy: testPolicy, configured: { email: null, sms: null } },
      settings: site,
    });
    staff = await t.adminClient();
  });
  afterAll(async () => {
    queries.stop();
    await t?.close();
  });

  const run = (iso: string) => sendDueReminders({ store: t.app.store, settings: async () => settings, clock: at(iso) });
  const reminderMail = async (leadId: string) =>
    (await db.collection('mail').where('leadId', '==', leadId).get()).docs.filter((doc) => doc.id.startsWith(`${leadId}-r`));
  const reminderSms = async (leadId: string) =>
    (await db.collection('messages').where('leadId', '==', leadId).get()).docs.filter((doc) => doc.id.startsWith(`${leadId}-r`));

  it('queue one reminder per lead at its due time, none before, none for a lead answered in time, one when runs overlap', async () => {
    const inquiry = (await t.client().post<Inquiry>('/api/project-inquiry', goodInquiry)).body;
    const answered = (await t.client().post<QuoteRequest>('/api/quote-request', goodQuote)).body;
    const other = (await t.client().post<QuoteRequest>('/api/quote-request', { ...goodQuote, firstName: 'Mia' })).body;
    const due = inquiry.followUpDueAt as string;
    expect(inquiry.followUp).toBe('pending');
    expect(Date.parse(due)).toBeGreaterThan(Date.parse(inquiry.createdAt));
    expect((await staff.patch(`/api/quote-request/${answered.id}`, { status: 'contacted' })).status).toBe(200);

    expect(await run(before(due))).toBe(0);
    expect(await reminderMail(inquiry.id)).toEqual([]);

    // Two runs at once (two instances of the scheduled function): each lead is reminded once.
    const late = new Date(Math.max(Date.parse(due), Date.parse(other.followUpDueAt as string))).toISOString();
    const [a, b] = await Promise.all([run(late), run(late)]);
    expect(a + b).toBe(2);
    expect(await run(late)).toBe(0);

    const mail = await reminderMail(inquiry.id);
    expect(mail.map((doc) => [doc.get('to'), doc.get('message.subject'), doc.get('audience')])).toEqual([
      [['office@example.com'], "Reminder: Ava Nguyen's inquiry has waited 2 business hours", 'staff'],
    ]);
    expect(mail[0].get('message.text')).toContain(`https://renovations.example.com/admin?tab=inquiries&lead=${inquiry.id}`);
    expect((await reminderSms(inquiry.id)).map((doc) => doc.get('to'))).toEqual(['+61411111111']);
    expect((await reminderMail(other.id)).map((doc) => doc.get('message.subject'))).toEqual([
      "Reminder: Mia Smith's quote request has waited 2 business hours",
    ]);
    expect(await reminderMail(answered.id)).toEqual([]);

    const stored = (await db.collection('project_inquiries').doc(inquiry.id).get()).data();
    expect(stored).toMatchObject({ status: 'new', followUp: 'reminded', followUpRemindedAt: late, followUpDueAt: due });
    const listed = await staff.get<Array<Inquiry & { messages: Array<{ id: string }> }>>('/api/project-inquiries?limit=10');
    expect(listed.body.find((lead) => lead.id === inquiry.id)?.messages.map((m) => m.id)).toEqual(
      expect.arrayContaining([`${inquiry.id}-r1`, `${inquiry.id}-r2`]),
    );
  });

  it("count the new leads past their follow-up time in the dashboard's stats", async () => {
    const stats = async () => (await staff.get<LeadStats>('/api/leads/stats')).body;
    // Every lead so far arrived just now (by the app's clock): none is due for an hour at least.
    expect(await stats()).toMatchObject({ waiting: 2, overdue: 0 });
    // Two business hours end within 3 days (a Friday evening to Monday 10:00); 5 is past them whenever this runs.
    t.clock.advance(5 * 24 * 3600 * 1000);
    expect(await stats()).toMatchObject({ waiting: 2, overdue: 2 });
  });

  it('give leads new before reminders existed their due time once, so they are reminded too', async () => {
    // An inquiry as an earlier version stored it: Friday 1 March 2024, 20:00 in Melbourne.
    const old = {
      ...goodInquiry,
      status: 'new',
      history: [],
      createdAt: '2024-03-01T09:00:00.000Z',
      updatedAt: '2024-03-01T09:00:00.000Z',
    };
    await db.collection('project_inquiries').doc('old-1').set(old);
    await db
      .collection('project_inquiries')
      .doc('old-2')
      .set({ ...old, status: 'contacted' });
    expect(await backfillFollowUp(db, { afterHours: 2, businessHours: defaultBusinessHours })).toBe(1);
    // Monday 4 March 2024, 10:00 AEDT.
    expect((await db.collection('project_inquiries').doc('old-1').get()).data()).toMatchObject({
      followUpDueAt: '2024-03-03T23:00:00.000Z',
      followUp: 'pending',
    });
    expect((await db.collection('project_inquiries').doc('old-2').get()).get('followUp')).toBeUndefined();
    await db.collection('project_inquiries').doc('old-3').set(old);
    expect(await backfillFollowUp(db, { afterHours: 2, businessHours: defaultBusinessHours })).toBe(0);
    expect(await run('2024-03-03T23:00:00.000Z')).toBe(1);
    expect((await reminderMail('old-1')).map((doc) => doc.get('message.subject'))).toEqual([
      "Reminder: Ava Nguyen's inquiry has waited 2 business hours",
    ]);
  });

  it('asks only for queries whose composite indexes firestore.indexes.json declares', () => {
    const declared = indexFile().indexes;
    const needs = queries.needs().filter((need) => need.order.some((o) => o.fieldPath.startsWith('followUp')));
    expect(needs.map(describeNeed).sort()).toEqual([
      'project_inquiries: followUp ==, status ==, followUpDueAt ASCENDING',
      'project_inquiries: status ==, followUpDueAt ASCENDING',
      'quote_requests: followUp ==, status ==, followUpDueAt ASCENDING',
      'quote_requests: status ==, followUpDueAt ASCENDING',
    ]);
    expect(needs.filter((need) => !declared.some((index) => serves(index, need))).map(describeNeed)).toEqual([]);
  });
});
