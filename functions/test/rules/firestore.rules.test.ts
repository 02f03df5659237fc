/**
 * firestore.rules: an allowed and a denied case for every `match`, against Google's
 * Firestore emulator that the Vitest global setup starts (reported skipped, with the
 * reason, where it is not installed).
 */
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const host = firestoreEmulatorHost;
const rulesFile = join(import.meta.dirname, '../../../firestore.rules');

describe.skipIf(!host)(onEmulator('firestore.rules'), () => {
  let env: RulesTestEnvironment;
  beforeAll(async () => {
    const [hostname, port] = (host ?? '').split(':');
    env = await initializeTestEnvironment({
      projectId: 'demo-rules-test',
      firestore: { rules: readFileSync(rulesFile, 'utf8'), host: hostname, port: Number(port) },
    });
  });
  afterAll(() => env?.cleanup());

  beforeEach(async () => {
    await env.clearFirestore();
    await env.withSecurityRulesDisabled(async (ctx) => {
      const db = ctx.firestore();
      const at = '2025-01-01T00:00:00.000Z';
      await db.doc('project_inquiries/i1').set({
        rooms: ['kitchen'],
        budget: '5000-15000',
        timeline: 'asap',
        firstName: 'Ava',
        lastName: 'Nguyen',
        email: 'ava@example.com',
        phone: '0400 000 000',
        createdAt: at,
      });
      await db
        .doc('quote_requests/q1')
        .set({ firstName: 'Jack', lastName: 'Smith', email: 'jack@example.com', suburb: 'Richmond', room: 'Kitchen', createdAt: at });
      await db
        .doc('reviews/approved')
        .set({ customerName: 'Charlotte', rating: 5, reviewText: 'Lovely work', approved: true, createdAt: at });
      await db.doc('reviews/pending').set({ customerName: 'Noah', rating: 4, reviewText: 'Good work', approved: false, createdAt: at });
      await db.doc('reviews_private/approved').set({ email: 'charlotte@example.com' });
      await db.doc('visitor_tracking/v1').set({ page: '/', ipAddress: '203.0.113.9', visitedAt: at });
      await db.doc('models_3d/m1').set({
        name: 'Kitchen',
        description: 'A kitchen',
        modelUrl: 'x',
        thumbnailUrl: '',
        exposure: 0.6,
        shadowIntensity: 0.5,
        displayOrder: 0,
        createdAt: at,
      });
      const project = { title: 'Hawthorn Kitchen', slug: 'hawthorn-kitchen', photos: [], displayOrder: 1, updatedAt: at };
      await db.doc('projects/published').set({ ...project, published: true });
      await db.doc('projects/draft').set({ ...project, slug: 'draft', published: false, displayOrder: 2 });
      await db.doc('users/u1').set({ username: 'staff', password: 'scrypt$...', createdAt: at });
      await db.doc('sessions/s1').set({ userId: 'u1', username: 'staff', createdAt: at, expiresAt: at });
      await db.doc('mail/m1').set({ to: ['ava@example.com'], message: { subject: 'Hi', text: 'Hi' } });
      await db
        .doc('reviews/verified')
        .set({ customerName: 'Mia', rating: 5, reviewText: 'Great', approved: true, verified: true, createdAt: at });
      await db.doc('reviews_private/verified').set({ email: 'mia@example.com', leadId: 'inquiry:i1' });
      await db
        .doc('review_invites/inv1')
        .set({ leadKind: 'inquiry', leadId: 'i1', name: 'Ava Nguyen', email: 'ava@example.com', used: false });
      await db.doc('email_suppressions/hash1').set({ createdAt: at, via: 'link' });
      await db.doc('bookings/b1').set({
        status: 'booked',
        start: '2025-01-02T22:00:00.000Z',
        firstName: 'Olivia',
        email: 'olivia@example.com',
        mobile: '0412 345 678',
        street: '12 High Street',
        updatedAt: at,
      });
      await db.doc('booking_blocks/k1').set({ start: at, end: at, label: 'Leave', createdAt: at });
      await db.doc('booking_cells/1735855200000').set({ holder: 'booking', holderId: 'b1' });
      await db.doc('booking_holders/abc-1').set({ bookingId: 'b1', start: '2025-01-02T22:00:00.000Z' });
      await db.doc('booking_alert_days/2025-01-02').set({ count: 21, digest: 'pending' });
      await db.doc('booking_alerts/a1').set({ day: '2025-01-02', bookingId: 'b1', kind: 'confirmed' });
      await db.doc('settings/site').set({
        settings: JSON.stringify({ notifications: { emails: ['office@example.com'], mobiles: ['+61412345678'] } }),
        version: 1,
        updatedAt: at,
        updatedBy: 'staff',
      });
    });
  });

  const admin = () => env.authenticatedContext('u1', { admin: true }).firestore();
  const signedInNotAdmin = () => env.authenticatedContext('someone').firestore();
  const visitor = () => env.unauthenticatedContext().firestore();

  describe('project_inquiries', () => {
    it('the admin reads and lists them', async () => {
      await assertSucceeds(admin().doc('project_inquiries/i1').get());
      await assertSucceeds(admin().collection('project_inquiries').orderBy('createdAt', 'desc').limit(50).get());
    });
    it('a visitor or a signed-in non-admin cannot', async () => {
      await assertFails(visitor().doc('project_inquiries/i1').get());
      await assertFails(signedInNotAdmin().collection('project_inquiries').get());
    });
    it('an admin token outlives its admin by nothing: once the user is deleted it reads no more', async () => {
      await assertSucceeds(admin().doc('project_inquiries/i1').get());
      await env.withSecurityRulesDisabled((ctx) => ctx.firestore().doc('users/u1').delete());
      await assertFails(admin().doc('project_inquiries/i1').get());
      await assertFails(admin().collection('visitor_tracking').get());
      // The claim alone, for a uid that never was a user, is no better.
      await assertFails(env.authenticatedContext('u9', { admin: true }).firestore().doc('project_inquiries/i1').get());
    });
    it('nobody writes, not even the admin', async () => {
      await assertFails(admin().doc('project_inquiries/i2').set({ firstName: 'X' }));
      await assertFails(visitor().collection('project_inquiries').add({ firstName: 'X' }));
    });
  });

  describe('quote_requests', () => {
    it('the admin reads them', async () => {
      await assertSucceeds(admin().collection('quote_requests').get());
    });
    it('a visitor cannot, and nobody writes', async () => {
      await assertFails(visitor().doc('quote_requests/q1').get());
      await assertFails(admin().doc('quote_requests/q1').delete());
    });
  });

  describe('reviews', () => {
    it('a visitor reads approved reviews with a query that says approved == true', async () => {
      await assertSucceeds(visitor().doc('reviews/approved').get());
      await assertSucceeds(visitor().collection('reviews').where('approved', '==', true).get());
    });
    it('a visitor cannot read a pending review or query without the filter', async () => {
      await assertFails(visitor().doc('reviews/pending').get());
      await assertFails(visitor().collection('reviews').get());
    });
    it('the admin reads every review, but cannot approve one directly', async () => {
      await assertSucceeds(admin().collection('reviews').get());
      await assertFails(admin().doc('reviews/pending').update({ approved: true }));
      await assertFails(visitor().collection('reviews').add({ customerName: 'X', rating: 5, reviewText: 'x', approved: true }));
    });
  });

  describe('reviews_private', () => {
    it("the admin reads and lists reviewers' emails", async () => {
      await assertSucceeds(admin().doc('reviews_private/approved').get());
      await assertSucceeds(admin().collection('reviews_private').get());
    });
    it('a visitor or a signed-in non-admin cannot, not even for an approved review', async () => {
      await assertFails(visitor().doc('reviews_private/approved').get());
      await assertFails(visitor().collection('reviews_private').get());
      await assertFails(signedInNotAdmin().doc('reviews_private/approved').get());
    });
    it('nobody writes, not even the admin', async () => {
      await assertFails(admin().doc('reviews_private/approved').set({ email: 'x@example.com' }));
      await assertFails(visitor().doc('reviews_private/new').set({ email: 'x@example.com' }));
      await assertFails(admin().doc('reviews_private/approved').delete());
    });
  });

  describe('visitor_tracking', () => {
    it('the admin reads visits', async () => {
      await assertSucceeds(admin().collection('visitor_tracking').orderBy('visitedAt', 'desc').get());
    });
    it('a visitor cannot read or record visits directly', async () => {
      await assertFails(visitor().doc('visitor_tracking/v1').get());
      await assertFails(visitor().collection('visitor_tracking').add({ page: '/' }));
    });
  });

  describe('quotes, quote_counters and stripe_events', () => {
    it("only the function reads or writes them: customers' prices and acceptances go through the API, not even the admin reads them here", async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        const db = ctx.firestore();
        await db
          .doc('quotes/qt1')
          .set({ leadKind: 'quote', leadId: 'q1', number: 'Q-0001', version: 1, status: 'sent', createdAt: '2025-01-01' });
        await db.doc('quote_counters/quotes').set({ next: 1 });
        await db.doc('stripe_events/evt_1').set({ type: 'checkout.session.completed', receivedAt: '2025-01-01' });
      });
      for (const path of ['quotes/qt1', 'quote_counters/quotes', 'stripe_events/evt_1']) {
        await assertFails(admin().doc(path).get());
        await assertFails(visitor().doc(path).get());
        await assertFails(signedInNotAdmin().doc(path).get());
        await assertFails(admin().doc(path).set({ status: 'accepted' }));
      }
      await assertFails(admin().collection('quotes').where('leadId', '==', 'q1').get());
      // The function (rules do not apply to it) does read them.
      await env.withSecurityRulesDisabled(async (ctx) => {
        expect((await ctx.firestore().doc('quotes/qt1').get()).data()?.number).toBe('Q-0001');
      });
    });
  });

  describe('visitor_days and visitor_salts', () => {
    it('only the function reads or writes them: a salt must never reach a browser, not even the admin', async () => {
      for (const collection of ['visitor_days', 'visitor_salts']) {
        await assertFails(admin().collection(collection).get());
        await assertFails(visitor().doc(`${collection}/2026-01-01`).get());
        await assertFails(admin().doc(`${collection}/2026-01-01`).set({ salt: 'x' }));
      }
    });
  });

  describe('models_3d', () => {
    it('anyone reads the showroom models', async () => {
      await assertSucceeds(visitor().collection('models_3d').orderBy('displayOrder').get());
      await assertSucceeds(admin().doc('models_3d/m1').get());
    });
    it('nobody writes them from a browser', async () => {
      await assertFails(admin().doc('models_3d/m1').update({ displayOrder: 3 }));
      await assertFails(visitor().doc('models_3d/m2').set({ name: 'X' }));
    });
  });

  describe('projects', () => {
    it('anyone reads published projects, and only with a query that asks for published ones', async () => {
      await assertSucceeds(visitor().doc('projects/published').get());
      await assertSucceeds(visitor().collection('projects').where('published', '==', true).orderBy('displayOrder').get());
      await assertFails(visitor().doc('projects/draft').get());
      await assertFails(visitor().collection('projects').orderBy('displayOrder').get());
      await assertFails(signedInNotAdmin().doc('projects/draft').get());
    });
    it('the admin reads drafts too, as the live Projects tab does', async () => {
      await assertSucceeds(admin().doc('projects/draft').get());
      await assertSucceeds(admin().collection('projects').orderBy('updatedAt', 'desc').limit(50).get());
    });
    it('nobody writes them from a browser', async () => {
      await assertFails(admin().doc('projects/published').update({ published: false }));
      await assertFails(visitor().doc('projects/new').set({ title: 'X', published: true }));
      await assertFails(admin().doc('projects/draft').delete());
    });
  });

  describe('bookings and booking_blocks', () => {
    it('the admin reads and lists them, as the live Calendar tab does', async () => {
      await assertSucceeds(admin().collection('bookings').orderBy('updatedAt', 'desc').limit(50).get());
      await assertSucceeds(admin().collection('booking_blocks').orderBy('createdAt', 'desc').limit(50).get());
    });
    it("no one else reads a customer's visit, nobody writes, and the grid's cells, the holders' seats and the alerts are the function's alone", async () => {
      for (const db of [visitor(), signedInNotAdmin()]) {
        await assertFails(db.doc('bookings/b1').get());
        await assertFails(db.collection('booking_blocks').limit(10).get());
      }
      for (const db of [admin(), visitor(), signedInNotAdmin()]) {
        await assertFails(db.doc('bookings/b1').update({ status: 'cancelled' }));
        await assertFails(db.doc('bookings/b2').set({ status: 'booked' }));
        await assertFails(db.doc('booking_blocks/k1').delete());
        await assertFails(db.doc('booking_cells/1735855200000').get());
        await assertFails(db.doc('booking_cells/1735856100000').set({ holder: 'booking', holderId: 'x' }));
        await assertFails(db.doc('booking_cells/1735855200000').delete());
        for (const path of ['booking_holders/abc-1', 'booking_alert_days/2025-01-02', 'booking_alerts/a1']) {
          await assertFails(db.doc(path).get());
          await assertFails(db.doc(path).set({ bookingId: 'x' }));
        }
      }
    });
  });

  describe('verified reviews', () => {
    it('show the public that an approved review is verified, but never its lead or email', async () => {
      const shown = await assertSucceeds(visitor().doc('reviews/verified').get());
      if (shown.get('verified') !== true || shown.get('leadId') !== undefined || shown.get('email') !== undefined)
        throw new Error(`the public review document holds ${JSON.stringify(shown.data())}`);
      await assertFails(visitor().doc('reviews_private/verified').get());
      await assertSucceeds(admin().doc('reviews_private/verified').get());
    });
    it('keep review requests (names, emails, links) and the unsubscribe list from every browser, the admin included', async () => {
      for (const db of [admin(), visitor(), signedInNotAdmin()]) {
        await assertFails(db.doc('review_invites/inv1').get());
        await assertFails(db.collection('review_invites').limit(10).get());
        await assertFails(db.doc('review_invites/inv1').update({ used: true }));
        await assertFails(db.doc('email_suppressions/hash1').get());
        await assertFails(db.doc('email_suppressions/hash2').set({ createdAt: 'x', via: 'link' }));
        await assertFails(db.doc('email_suppressions/hash1').delete());
      }
    });
  });

  describe('settings', () => {
    it('keep the business settings (staff addresses among them) from every browser: the API shows the public part', async () => {
      for (const db of [admin(), visitor(), signedInNotAdmin()]) {
        await assertFails(db.doc('settings/site').get());
        await assertFails(db.collection('settings').limit(1).get());
        await assertFails(db.doc('settings/site').set({ settings: '{}', version: 2 }));
        await assertFails(db.doc('settings/site').delete());
      }
    });
  });

  describe('personal data the Privacy tool finds, exports and erases', () => {
    beforeEach(async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        const db = ctx.firestore();
        await db.doc('project_inquiries/consent').set({
          firstName: 'Mia',
          lastName: 'Lee',
          email: 'mia.lee@example.com',
          phone: '0412 345 678',
          searchTokens: ['mia.lee@example.com', '0412345678'],
          marketingConsent: true,
          marketingConsentAt: '2025-01-01T00:00:00.000Z',
          createdAt: '2025-01-01T00:00:00.000Z',
        });
        await db.doc('reviews/mine').set({ customerName: 'Mia', rating: 5, reviewText: 'Lovely', approved: true, createdAt: 'x' });
        await db.doc('reviews_private/mine').set({ email: 'mia.lee@example.com' });
        await db.doc('messages/sms1').set({ to: '+61412345678', body: 'Thanks', leadId: 'consent', customerKey: '+61412345678' });
        await db.doc('skipped_messages/sk1').set({ to: '0412 345 678', reason: 'landline', leadId: 'consent' });
      });
    });

    it("no browser reads a lead's consent, or finds a person's leads by email, phone or search token", async () => {
      for (const db of [visitor(), signedInNotAdmin()]) {
        await assertFails(db.doc('project_inquiries/consent').get());
        await assertFails(db.collection('project_inquiries').where('email', '==', 'mia.lee@example.com').get());
        await assertFails(db.collection('project_inquiries').where('searchTokens', 'array-contains', '0412345678').get());
        await assertFails(db.collection('quote_requests').where('marketingConsent', '==', true).get());
      }
      await assertSucceeds(admin().doc('project_inquiries/consent').get());
    });

    it("only the admin finds a reviewer by email; an approved review's public document never holds it", async () => {
      await assertSucceeds(admin().collection('reviews_private').where('email', '==', 'mia.lee@example.com').get());
      await assertFails(visitor().collection('reviews_private').where('email', '==', 'mia.lee@example.com').get());
      await assertFails(signedInNotAdmin().doc('reviews_private/mine').get());
      const published = await visitor().doc('reviews/mine').get();
      expect(published.get('email')).toBeUndefined();
    });

    it('keeps every message to a person from every browser, the admin’s included', async () => {
      for (const db of [admin(), visitor()]) {
        await assertFails(db.collection('mail').where('to', 'array-contains-any', ['mia.lee@example.com']).get());
        await assertFails(db.collection('messages').where('customerKey', 'in', ['+61412345678']).get());
        await assertFails(db.collection('skipped_messages').where('leadId', 'in', ['consent']).get());
      }
    });

    it('lets no browser erase anything: leads, reviews, reviewers’ emails and messages go only through the API', async () => {
      for (const db of [admin(), visitor()]) {
        await assertFails(db.doc('project_inquiries/consent').delete());
        await assertFails(db.doc('project_inquiries/consent').update({ marketingConsent: false }));
        await assertFails(db.doc('reviews/mine').delete());
        await assertFails(db.doc('reviews_private/mine').delete());
        await assertFails(db.doc('messages/sms1').delete());
        await assertFails(db.doc('skipped_messages/sk1').delete());
      }
    });
  });

  describe('everything else (deny by default)', () => {
    it('is closed to the admin and visitors alike', async () => {
      await assertFails(admin().doc('users/u1').get());
      await assertFails(admin().doc('sessions/s1').get());
      await assertFails(admin().collection('mail').get());
      await assertFails(visitor().doc('stored_objects/o1').get());
      await assertFails(admin().doc('users/u2').set({ username: 'x' }));
    });
    it("keeps the audit trail, pending sign-ins and device tokens from every browser, the admin's included", async () => {
      await assertFails(admin().collection('audit_log').orderBy('at', 'desc').limit(50).get());
      await assertFails(admin().doc('audit_log/a1').set({ action: 'logout' }));
      await assertFails(admin().doc('audit_log/a1').delete());
      await assertFails(visitor().collection('login_challenges').get());
      await assertFails(admin().doc('login_devices/d1').get());
    });
    it('still lets the Admin SDK (rules disabled) read it', async () => {
      await env.withSecurityRulesDisabled(async (ctx) => {
        await assertSucceeds(ctx.firestore().doc('users/u1').get());
      });
    });
  });
});
