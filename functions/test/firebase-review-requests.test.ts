/**
 * Verified reviews in Firebase mode, on Google's Firestore emulator: the review request's
 * email in the Trigger Email extension's `mail` collection with its List-Unsubscribe headers,
 * the link working once (also from two tabs at once), the verified review with its lead kept
 * in the private document, the one reminder (once, also when two runs of the scheduled
 * function overlap), unsubscribing, and the composite index the reminder query needs.
 */
import type { ApiError, Inquiry, LeadHistoryEntry, PublicReview, Review } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorProject } from '@site/test-support/stores';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeNeed, indexFile, recordQueries, serves } from './firestore-indexes';
import { goodInquiry, startTestApp, type Client, type TestApp } from './harness';

const day = 24 * 60 * 60 * 1000;
const review = { customerName: 'Mia L.', rating: 5, reviewText: 'A wonderful new kitchen, on time and tidy.' };

describe.skipIf(!firestoreEmulatorHost)(onEmulator('verified reviews on Firestore'), () => {
  let t: TestApp;
  let staff: Client;
  let db: Firestore;
  const queries = recordQueries();

  beforeAll(async () => {
    const project = emulatorProject('review-requests');
    db = project.db;
    t = await startTestApp({}, project.store);
    staff = await t.adminClient();
  });
  afterAll(async () => {
    queries.stop();
    await t?.close();
  });

  let n = 0;
  async function requested() {
    n++;
    const email = `fs${n}@example.com`;
    const lead = (await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, email })).body;
    await staff.patch(`/api/project-inquiry/${lead.id}`, { status: 'won' });
    expect((await staff.post(`/api/leads/inquiry/${lead.id}/review-request`)).status).toBe(201);
    const mail = await db.collection('mail').doc(`${lead.id}-review`).get();
    const text = mail.get('message.text') as string;
    const token = decodeURIComponent(/\/reviews\/write\?t=([^\s]+)/.exec(text)?.[1] ?? '');
    const unsubscribe = decodeURIComponent(/\/unsubscribe\?t=([^\s]+)/.exec(text)?.[1] ?? '');
    return { lead, email, mail, token, unsubscribe };
  }
  const history = async (id: string) => ((await db.doc(`project_inquiries/${id}`).get()).get('history') as LeadHistoryEntry[]) ?? [];

  it('queues the request for the Trigger Email extension with the headers a mail client needs', async () => {
    const { lead, email, mail, unsubscribe } = await requested();
    expect(mail.get('to')).toEqual([email]);
    expect(mail.get('leadId')).toBe(lead.id);
    expect(mail.get('message.subject')).toBe('How did we do? Review Northcote Kitchens & Bathrooms');
    expect(mail.get('message.headers')).toEqual({
      'List-Unsubscribe': `<https://renovations.example.com/api/unsubscribe?t=${encodeURIComponent(unsubscribe)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect((await history(lead.id)).at(-1)).toMatchObject({ event: 'review-requested' });
    // The link's key is made once and kept where only the function reads it.
    expect((await db.doc('signing_keys/links').get()).exists).toBe(true);
  });

  it('stores one verified review through the link, its lead private, and records it on the lead', async () => {
    const { lead, token } = await requested();
    const answers = await Promise.all([1, 2].map(() => t.client().post<Review>('/api/review', { ...review, invite: token })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 410]);
    const sent = answers.find((a) => a.status === 201)?.body as Review;
    const pub = await db.doc(`reviews/${sent.id}`).get();
    expect(pub.get('verified')).toBe(true);
    expect(pub.get('leadId')).toBeUndefined();
    expect((await db.doc(`reviews_private/${sent.id}`).get()).get('leadId')).toBe(`inquiry:${lead.id}`);
    expect((await history(lead.id)).at(-1)).toMatchObject({ by: 'Mia L.', event: 'review-received' });
    expect((await t.client().get<ApiError>(`/api/review-invites/${token}`)).body.message).toBe('This link has already been used');

    await staff.post(`/api/review/${sent.id}/approve`);
    const shown = (await t.client().get<PublicReview[]>('/api/reviews')).body.find((r) => r.id === sent.id);
    expect(shown?.verified).toBe(true);
  });

  it('queues one reminder when two runs overlap, none for the unsubscribed, and refuses them a new request', async () => {
    const waiting = await requested();
    const leaving = await requested();
    expect((await t.client().post('/api/unsubscribe', { t: leaving.unsubscribe })).status).toBe(200);
    t.clock.advance(7 * day);
    const runs = await Promise.all([1, 2].map(() => t.app.context.reviewRequests.sendDueReminders()));
    // The first test's request (never reviewed) and `waiting`; not the reviewed one, not `leaving`.
    expect(runs[0] + runs[1]).toBe(2);
    expect(await t.app.context.reviewRequests.sendDueReminders()).toBe(0);
    const reminder = await db.collection('mail').doc(`${waiting.lead.id}-review-reminder`).get();
    expect(reminder.get('message.subject')).toBe('A reminder: would you review Northcote Kitchens & Bathrooms?');
    expect(reminder.get('message.headers')).toHaveProperty('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click');
    expect((await db.collection('mail').doc(`${leaving.lead.id}-review-reminder`).get()).exists).toBe(false);

    // A week on, the admin's session has ended: a new sign-in.
    staff = await t.adminClient();
    const again = (await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, email: leaving.email })).body;
    // Their own inquiry's confirmation still goes.
    expect((await db.collection('mail').doc(`${again.id}-2`).get()).get('to')).toEqual([leaving.email]);
    await staff.patch(`/api/project-inquiry/${again.id}`, { status: 'won' });
    const refused = await staff.post<ApiError>(`/api/leads/inquiry/${again.id}/review-request`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This customer unsubscribed from review requests');

    // 30 days after the links expired, the requests go with the names and addresses they hold.
    const before = (await db.collection('review_invites').count().get()).data().count;
    expect(before).toBeGreaterThan(0);
    t.clock.advance(90 * day);
    expect(await t.app.context.reviewRequests.deleteExpired()).toBe(before);
    expect((await db.collection('review_invites').count().get()).data().count).toBe(0);
  });

  it('asks only for queries whose composite indexes firestore.indexes.json declares', () => {
    const declared = indexFile().indexes;
    const needs = queries.needs().filter((need) => need.collectionGroup === 'review_invites');
    expect(needs.map(describeNeed)).toContain('review_invites: reminder ==, reminderDueAt ASCENDING');
    expect(needs.filter((need) => !declared.some((index) => serves(index, need))).map(describeNeed)).toEqual([]);
  });
});
