/**
 * Privacy over HTTP: the marketing-consent box stored with leads, the Privacy tool's lookup,
 * export and erasure of everything held about an email address or phone number, and
 * LEAD_RETENTION_MONTHS, on SQLite and on the Firestore adapter (Google's emulator). Each run
 * gets an empty database.
 */
import type { AuditEntry, Inquiry, PrivacyErasure, PrivacyRecords, QuoteRequest, Review } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/ports/store';
import { runMaintenance } from '../src/services/maintenance';
import { idOf, samplePdf, storedFiles, upload } from './attachments-support';
import { goodInquiry, goodQuote, goodReview, startTestApp, type Client, type TestApp } from './harness';

type ApiError = { message: string; errors?: Record<string, string> };

const firestoreStore = () => emulatorStore('privacy');

describePrivacy('SQLite', undefined);
describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore'), () => {
  describePrivacy('Firestore', firestoreStore);
});

const day = 24 * 60 * 60 * 1000;

function describePrivacy(name: string, makeStore: (() => Store) | undefined) {
  describe(`Privacy on ${name}`, () => {
    let t: TestApp;
    let staff: Client;
    beforeAll(async () => {
      t = await startTestApp({}, makeStore);
      staff = await t.adminClient();
    });
    afterAll(() => t.close());

    const inquiry = async (fields: Record<string, unknown> = {}) => {
      const res = await t.client().post<Inquiry>('/api/project-inquiry', { ...goodInquiry, ...fields });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const quote = async (fields: Record<string, unknown> = {}) => {
      const res = await t.client().post<QuoteRequest>('/api/quote-request', { ...goodQuote, ...fields });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const review = async (fields: Record<string, unknown> = {}) => {
      const res = await t.client().post<Review>('/api/review', { ...goodReview, ...fields });
      expect(res.status, res.text).toBe(201);
      return res.body;
    };
    const records = (query: string) => staff.get<PrivacyRecords>(`/api/privacy/records?${query}`);
    const latestAudit = async () => (await staff.get<AuditEntry[]>('/api/audit?limit=1')).body[0];
    /**
     * An audit entry's words, without its generated ids: a random Firestore id may hold any
     * letters (one held "mIA", and a check for the name "Mia" failed on it).
     */
    const wordsOf = ({ id: _id, userId: _userId, ...words }: AuditEntry) => JSON.stringify(words);

    describe('the marketing-consent box', () => {
      it('stores a ticked box as true with the moment it was ticked', async () => {
        const sent = await inquiry({ email: 'consent-yes@example.com', marketingConsent: true });
        const stored = await t.app.store.inquiries.get(sent.id);
        expect(stored?.marketingConsent).toBe(true);
        expect(stored?.marketingConsentAt).toBe(sent.createdAt);
        const sentQuote = await quote({ email: 'consent-yes@example.com', marketingConsent: true });
        expect((await t.app.store.quotes.get(sentQuote.id))?.marketingConsent).toBe(true);
      });

      it('stores an unticked or absent box as false, with no moment', async () => {
        for (const fields of [{ marketingConsent: false }, {}]) {
          const sent = await inquiry({ email: 'consent-no@example.com', ...fields });
          const stored = await t.app.store.inquiries.get(sent.id);
          expect(stored?.marketingConsent, JSON.stringify(fields)).toBe(false);
          expect(stored).not.toHaveProperty('marketingConsentAt');
          const sentQuote = await quote({ email: 'consent-no@example.com', ...fields });
          expect((await t.app.store.quotes.get(sentQuote.id))?.marketingConsent).toBe(false);
        }
      });

      it('refuses anything but true or false with a 400 and stores nothing', async () => {
        const before = await t.app.store.inquiries.count();
        for (const value of ['yes', 1, null]) {
          const res = await t.client().post<ApiError>('/api/project-inquiry', { ...goodInquiry, marketingConsent: value });
          expect(res.status).toBe(400);
          expect(res.body.errors?.marketingConsent).toBe('Marketing consent must be true or false');
        }
        expect(await t.app.store.inquiries.count()).toBe(before);
      });

      it('shows the consent on the admin lead list', async () => {
        const sent = await inquiry({ email: 'consent-list@example.com', marketingConsent: true });
        const list = await staff.get<Inquiry[]>('/api/project-inquiries?q=consent-list%40example.com');
        expect(list.body.find((lead) => lead.id === sent.id)).toMatchObject({ marketingConsent: true, marketingConsentAt: sent.createdAt });
      });
    });

    describe('GET /api/privacy/records, /api/privacy/export and POST /api/privacy/erase', () => {
      let mine: { inquiry: Inquiry; quote: QuoteRequest; review: Review };
      let others: { inquiry: Inquiry; quote: QuoteRequest; review: Review };
      beforeAll(async () => {
        // The person typed their address in mixed case once; a neighbour's address starts with theirs.
        mine = {
          inquiry: await inquiry({ firstName: 'Mia', lastName: 'Lee', email: 'Mia.Lee@Example.com', phone: '0412 345 678' }),
          quote: await quote({ firstName: 'Mia', lastName: 'Lee', email: 'mia.lee@example.com' }),
          review: await review({ customerName: 'Mia Lee', email: 'mia.lee@example.com' }),
        };
        others = {
          inquiry: await inquiry({ firstName: 'Mia', lastName: 'Leeson', email: 'mia.lee@example.com.au', phone: '0412 345 679' }),
          quote: await quote({ firstName: 'Mia', lastName: 'Lee', email: 'mia.leeson@example.com' }),
          review: await review({ customerName: 'Mia Lee', email: 'someone@example.com' }),
        };
      });

      it('lists every record about an email address, whatever its case, and nobody else’s', async () => {
        const res = await records('email=MIA.LEE%40example.com');
        expect(res.status).toBe(200);
        expect(res.body.lookup).toEqual({ email: 'mia.lee@example.com' });
        expect(res.body.inquiries.map((lead) => lead.id)).toEqual([mine.inquiry.id]);
        expect(res.body.quoteRequests.map((lead) => lead.id)).toEqual([mine.quote.id]);
        expect(res.body.reviews.map((r) => r.id)).toEqual([mine.review.id]);
        expect(res.body.inquiries[0]).not.toHaveProperty('searchTokens');
        // The customer's confirmations and the staff alerts about their leads.
        expect(res.body.messages.length).toBeGreaterThan(0);
        const leadIds = new Set([mine.inquiry.id, mine.quote.id]);
        for (const message of res.body.messages) {
          expect(leadIds.has(message.leadId) || message.to.toLowerCase() === 'mia.lee@example.com', JSON.stringify(message)).toBe(true);
        }
        expect(res.body.messages.some((message) => message.audience === 'staff' && message.leadId === mine.inquiry.id)).toBe(true);
        expect(res.body.notes.join(' ')).toMatch(/Visitor records hold no names/);
        expect(res.body.notes.join(' ')).toMatch(/not be matched to a person reliably/);
      });

      it('finds inquiries by a phone number written in any of its forms', async () => {
        for (const phone of ['0412345678', '+61 412 345 678', '61412345678', '(04) 1234 5678']) {
          const res = await records(`phone=${encodeURIComponent(phone)}`);
          expect(res.status, phone).toBe(200);
          expect(res.body.lookup).toEqual({ phone: '0412345678' });
          expect(res.body.inquiries.map((lead) => lead.id)).toEqual([mine.inquiry.id]);
          expect(res.body.quoteRequests).toEqual([]);
          expect(res.body.reviews).toEqual([]);
        }
      });

      it('finds every lead of a number however it was typed: a trunk 0 in brackets, an international prefix, an extension', async () => {
        const typed = ['+61 (0)413 222 333', '0061 413 222 333', '0413 222 333 ext 12', '0011 61 413 222 333'];
        const leads = [];
        for (const phone of typed)
          leads.push(await inquiry({ firstName: 'Noah', lastName: 'Park', email: 'noah.park@example.com', phone }));
        // A neighbour whose number differs in the last digit, and one whose number holds this one's digits.
        const neighbour = await inquiry({ firstName: 'Zoe', lastName: 'Park', email: 'zoe.park@example.com', phone: '0413 222 334' });
        const longer = await inquiry({ firstName: 'Ivy', lastName: 'Park', email: 'ivy.park@example.com', phone: '+44 7413 222 333' });
        for (const phone of [...typed, '0413222333', '+61413222333', '(04) 1322 2333 x 7']) {
          const res = await records(`phone=${encodeURIComponent(phone)}`);
          expect(res.status, phone).toBe(200);
          expect(res.body.lookup, phone).toEqual({ phone: '0413222333' });
          const found = res.body.inquiries.map((lead) => lead.id);
          expect(found.sort(), phone).toEqual(leads.map((lead) => lead.id).sort());
          expect(found).not.toContain(neighbour.id);
          expect(found).not.toContain(longer.id);
        }
        // A number abroad is looked up with its country code, from either way of dialling it.
        for (const phone of ['+44 7413 222 333', '0044 7413 222 333']) {
          const res = await records(`phone=${encodeURIComponent(phone)}`);
          expect(
            res.body.inquiries.map((lead) => lead.id),
            phone,
          ).toEqual([longer.id]);
        }
      });

      it('refuses a phone number with letters that are not an extension', async () => {
        for (const phone of ['0413 222 333 call after 5', 'ext 12', '0413 222 333 x']) {
          const res = await staff.get<ApiError>(`/api/privacy/records?phone=${encodeURIComponent(phone)}`);
          expect(res.status, phone).toBe(400);
          expect(res.body.errors?.phone, phone).toBe('Please enter a valid phone number');
        }
      });

      it('answers an empty list for someone with no records', async () => {
        const res = await records('email=nobody%40example.com');
        expect(res.status).toBe(200);
        expect([res.body.inquiries, res.body.quoteRequests, res.body.reviews, res.body.messages, res.body.files]).toEqual([
          [],
          [],
          [],
          [],
          [],
        ]);
      });

      it('answers a malformed lookup with a 400 naming the field', async () => {
        const cases: Array<[string, string, string]> = [
          ['', 'email', 'Enter an email address or a phone number'],
          ['email=not-an-email', 'email', 'Please enter a valid email'],
          ['phone=12', 'phone', 'Please enter a valid phone number'],
          ['phone=call%20me', 'phone', 'Please enter a valid phone number'],
          ['email=a%40example.com&phone=0412345678', 'phone', 'Enter an email address or a phone number, not both'],
          ['email=a%40example.com&email=b%40example.com', 'email', 'Invalid value'],
        ];
        for (const [query, field, message] of cases) {
          for (const path of ['records', 'export']) {
            const res = await staff.get<ApiError>(`/api/privacy/${path}?${query}`);
            expect(res.status, `${path}?${query}`).toBe(400);
            expect(res.body.errors?.[field], `${path}?${query}`).toBe(message);
          }
        }
      });

      it('is for the admin only', async () => {
        const visitor = t.client();
        expect((await visitor.get('/api/privacy/records?email=mia.lee%40example.com')).status).toBe(401);
        expect((await visitor.get('/api/privacy/export?email=mia.lee%40example.com')).status).toBe(401);
        const erase = await visitor.post('/api/privacy/erase', { email: 'mia.lee@example.com', confirm: 'ERASE' });
        expect(erase.status).toBe(401);
        expect((await records('email=mia.lee%40example.com')).body.inquiries).toHaveLength(1);
      });

      it('exports the records as a JSON download, recorded in the audit trail without the address', async () => {
        const res = await staff.get<PrivacyRecords>('/api/privacy/export?email=mia.lee%40example.com');
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?personal-records-\d{4}-\d{2}-\d{2}\.json"?$/);
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.body.inquiries.map((lead) => lead.id)).toEqual([mine.inquiry.id]);
        expect(res.body.inquiries[0]).toMatchObject({ firstName: 'Mia', lastName: 'Lee', phone: '0412 345 678' });
        expect(res.body.reviews[0]).toMatchObject({ reviewText: goodReview.reviewText, email: 'mia.lee@example.com' });
        expect(res.body.messages.some((message) => typeof message.text === 'string' && message.text.length > 0)).toBe(true);
        const entry = await latestAudit();
        expect(entry).toMatchObject({ action: 'privacy.exported', username: 'staff' });
        expect(entry.detail).toBe(`by email address: 1 inquiry, 1 quote request, 1 review, ${res.body.messages.length} messages, 0 files`);
        expect(wordsOf(entry)).not.toMatch(/mia|lee/i);
      });

      it('erases nothing without the typed confirmation, or from another site', async () => {
        for (const confirm of [undefined, '', 'erase', 'yes']) {
          const res = await staff.post<ApiError>('/api/privacy/erase', { email: 'mia.lee@example.com', confirm });
          expect(res.status, String(confirm)).toBe(400);
          expect(res.body.errors?.confirm).toBe('Type ERASE to confirm');
        }
        const bad = await staff.post<ApiError>('/api/privacy/erase', { email: 'not an email', confirm: 'ERASE' });
        expect(bad.status).toBe(400);
        expect(bad.body.errors?.email).toBe('Please enter a valid email');
        const crossSite = await staff.post(
          '/api/privacy/erase',
          { email: 'mia.lee@example.com', confirm: 'ERASE' },
          { origin: 'https://evil.example' },
        );
        expect(crossSite.status).toBe(403);
        expect((await records('email=mia.lee%40example.com')).body.inquiries).toHaveLength(1);
      });

      it('erases every record about the address, its leads’ messages with them, and keeps everyone else’s', async () => {
        const before = (await records('email=mia.lee%40example.com')).body;
        const res = await staff.post<PrivacyErasure>('/api/privacy/erase', { email: 'Mia.Lee@example.com', confirm: 'ERASE' });
        expect(res.status, res.text).toBe(200);
        expect(res.body).toEqual({
          inquiries: 1,
          quoteRequests: 1,
          reviews: 1,
          messages: before.messages.length,
          files: 0,
          reviewRequests: 0,
        });
        const entry = await latestAudit();
        expect(entry).toMatchObject({ action: 'privacy.erased', username: 'staff' });
        expect(entry.detail).toBe(`by email address: 1 inquiry, 1 quote request, 1 review, ${before.messages.length} messages, 0 files`);
        expect(wordsOf(entry)).not.toMatch(/mia|lee|0412/i);

        const store = t.app.store;
        expect(await store.inquiries.get(mine.inquiry.id)).toBeNull();
        expect(await store.quotes.get(mine.quote.id)).toBeNull();
        expect(await store.reviews.get(mine.review.id)).toBeNull();
        expect(await store.personal.messagesAbout([mine.inquiry.id, mine.quote.id])).toEqual([]);
        expect(await store.personal.messagesTo(['mia.lee@example.com', 'Mia.Lee@Example.com', '+61412345678'])).toEqual([]);
        const after = (await records('email=mia.lee%40example.com')).body;
        expect([after.inquiries, after.quoteRequests, after.reviews, after.messages]).toEqual([[], [], [], []]);
        // The lead list no longer finds them either (the search index forgot the lead).
        const listed = await staff.get<Inquiry[]>('/api/project-inquiries?q=mia.lee%40example.com');
        expect(listed.body.map((lead) => lead.id)).not.toContain(mine.inquiry.id);

        for (const kept of [
          await store.inquiries.get(others.inquiry.id),
          await store.quotes.get(others.quote.id),
          await store.reviews.get(others.review.id),
        ]) {
          expect(kept).not.toBeNull();
        }
        expect((await store.personal.messagesAbout([others.inquiry.id])).length).toBeGreaterThan(0);
      });

      it('erases by phone number: the inquiries and the messages to the number', async () => {
        const sent = await inquiry({ firstName: 'Noah', lastName: 'Park', email: 'noah@example.com', phone: '0400 555 010' });
        const res = await staff.post<PrivacyErasure>('/api/privacy/erase', { phone: '+61 400 555 010', confirm: 'ERASE' });
        expect(res.status, res.text).toBe(200);
        expect(res.body.inquiries).toBe(1);
        expect(await t.app.store.inquiries.get(sent.id)).toBeNull();
        expect(await t.app.store.personal.messagesAbout([sent.id])).toEqual([]);
        expect((await latestAudit()).detail).toMatch(/^by phone number: 1 inquiry, /);
      });
    });

    describe('review requests about the person’s leads', () => {
      it('are listed with the review written through them (even without an email) and erased with the lead', async () => {
        const store = t.app.store;
        const sent = await inquiry({ email: 'invited@example.com', phone: '0400 999 111' });
        const at = t.clock.now().toISOString();
        const written = await store.reviews.insert({
          id: `rev${sent.id}`.slice(0, 20),
          customerName: 'Ava Nguyen',
          rating: 5,
          reviewText: 'Through my own review link.',
          approved: false,
          createdAt: at,
          verified: true,
          leadId: `inquiry:${sent.id}`,
        });
        await store.reviewInvites.insert({
          id: `invite-${sent.id}`,
          leadKind: 'inquiry',
          leadId: sent.id,
          name: 'Ava Nguyen',
          email: 'invited@example.com',
          createdAt: at,
          expiresAt: at,
          used: true,
          usedAt: at,
          reviewId: written.id,
          reminder: 'skipped',
          reminderDueAt: at,
        });

        const found = (await records('phone=0400999111')).body;
        expect(found.reviews.map((review) => review.id)).toEqual([written.id]);
        expect(found.reviewRequests).toEqual([
          {
            leadKind: 'inquiry',
            leadId: sent.id,
            name: 'Ava Nguyen',
            email: 'invited@example.com',
            createdAt: at,
            used: true,
            usedAt: at,
            reviewId: written.id,
          },
        ]);
        const erased = await staff.post<PrivacyErasure>('/api/privacy/erase', { phone: '0400 999 111', confirm: 'ERASE' });
        expect(erased.body).toMatchObject({ inquiries: 1, reviews: 1, reviewRequests: 1 });
        expect(await store.reviewInvites.get(`invite-${sent.id}`)).toBeNull();
        expect(await store.reviews.get(written.id)).toBeNull();
        expect((await latestAudit()).detail).toMatch(
          /^by phone number: 1 inquiry, 0 quote requests, 1 review, \d+ messages?, 0 files, 1 review request$/,
        );
      });
    });

    describe('files attached to the person’s leads', () => {
      it('are listed and exported, and erased with their records and stored files', async () => {
        const client = t.client();
        const plan = await upload(client, samplePdf(), 'application/pdf', 'plan.pdf');
        expect(plan.status, plan.text).toBeLessThan(300);
        const sent = await inquiry({ email: 'files@example.com', attachments: [{ url: plan.body.url, name: 'plan.pdf' }] });
        await t.app.context.jobs.idle();
        const id = idOf(plan.body.url);
        expect(storedFiles(t).filter((file) => file.startsWith(id))).not.toEqual([]);

        const found = (await records('email=files%40example.com')).body;
        expect(found.files).toEqual([
          {
            leadKind: 'inquiry',
            leadId: sent.id,
            name: 'plan.pdf',
            url: plan.body.url,
            contentType: 'application/pdf',
            size: samplePdf().length,
          },
        ]);
        const erased = await staff.post<PrivacyErasure>('/api/privacy/erase', { email: 'files@example.com', confirm: 'ERASE' });
        expect(erased.body).toMatchObject({ inquiries: 1, files: 1 });
        expect(await t.app.store.attachments.get(id)).toBeNull();
        expect((await staff.get(`/api/attachments/${id}`)).status).toBe(404);
        expect(storedFiles(t).filter((file) => file.startsWith(id))).toEqual([]);
      });
    });

    describe('LEAD_RETENTION_MONTHS', () => {
      it('deletes won and lost leads unchanged for longer, with their messages, and keeps the rest', async () => {
        const store = t.app.store;
        const plan = await upload(t.client(), samplePdf(), 'application/pdf', 'plan.pdf');
        const won = await inquiry({ email: 'retention-won@example.com', attachments: [{ url: plan.body.url, name: 'plan.pdf' }] });
        await t.app.context.jobs.idle();
        const lost = await quote({ email: 'retention-lost@example.com' });
        const open = await inquiry({ email: 'retention-open@example.com' });
        const wonLater = await inquiry({ email: 'retention-later@example.com' });
        expect((await staff.patch(`/api/project-inquiry/${won.id}`, { status: 'won' })).status).toBe(200);
        expect((await staff.patch(`/api/quote-request/${lost.id}`, { status: 'lost' })).status).toBe(200);
        expect((await staff.patch(`/api/project-inquiry/${open.id}`, { status: 'quoted' })).status).toBe(200);
        expect((await store.personal.messagesAbout([won.id, lost.id])).length).toBeGreaterThan(0);

        const retention = { visitorRetentionDays: 90, auditRetentionDays: 100_000, leadRetentionMonths: 12 };
        // Off: nothing goes, however old.
        t.clock.advance(400 * day);
        const off = await runMaintenance(store, t.app.context.uploads, t.clock, { ...retention, leadRetentionMonths: null });
        expect(off.leads).toBe(0);
        expect(await store.inquiries.get(won.id)).not.toBeNull();

        // Won 400 days after it was sent: the last change is recent, so it stays. (The old session has ended.)
        staff = await t.adminClient();
        expect((await staff.patch(`/api/project-inquiry/${wonLater.id}`, { status: 'won' })).status).toBe(200);
        const report = await runMaintenance(store, t.app.context.uploads, t.clock, retention, t.app.context.attachments);
        expect(report.leads).toBe(2);
        expect(report.leadFiles).toBe(1);
        expect(await store.attachments.get(idOf(plan.body.url))).toBeNull();
        expect(storedFiles(t).filter((file) => file.startsWith(idOf(plan.body.url)))).toEqual([]);
        expect(report.leadMessages).toBeGreaterThan(0);
        expect(await store.inquiries.get(won.id)).toBeNull();
        expect(await store.quotes.get(lost.id)).toBeNull();
        expect(await store.personal.messagesAbout([won.id, lost.id])).toEqual([]);
        expect(await store.inquiries.get(open.id)).not.toBeNull();
        expect(await store.inquiries.get(wonLater.id)).not.toBeNull();

        const entry = await latestAudit();
        expect(entry).toMatchObject({ action: 'leads.expired', username: 'system' });
        expect(entry.detail).toMatch(/^older than 12 months: 1 inquiry, 1 quote request, [1-9]\d* messages, 1 file$/);
        // A second run finds nothing more.
        expect((await runMaintenance(store, t.app.context.uploads, t.clock, retention)).leads).toBe(0);
      });
    });
  });
}
