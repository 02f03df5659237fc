/**
 * What the public forms can make the business send, and what text they accept: customer SMS
 * only to the SMS_COUNTRIES, at most CUSTOMER_MESSAGES_PER_DAY customer messages per
 * recipient a day, and no control characters, line breaks or web addresses where they could
 * fake lines in staff alerts or turn confirmations into a relay. On SQLite and on Firestore.
 */
import type { MessageDelivery } from '@site/domain';
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { emulatorStore } from '@site/test-support/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../src/ports/store';
import { goodInquiry, goodQuote, goodReview, startTestApp, testSettings, type TestApp } from './harness';

const day = 24 * 60 * 60 * 1000;

/** The harness's site, with a staff mobile, so the staff SMS shows beside the customer's. */
const settings = { ...testSettings, notifications: { ...testSettings.notifications, mobiles: ['+61411111111'] } };

const firestore = () => emulatorStore('outbound');

describe('outbound messages and text hygiene, SQLite', () => {
  describeOutbound();
});

describe.skipIf(!firestoreEmulatorHost)(onEmulator('outbound messages and text hygiene, Firestore'), () => {
  describeOutbound(firestore);
});

interface Failure {
  message: string;
  errors: Record<string, string>;
}

function describeOutbound(makeStore?: () => Store) {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, makeStore, undefined, undefined, { settings });
  });
  afterAll(() => t.close());

  const messagesOf = async (id: string): Promise<MessageDelivery[]> => (await t.app.store.messages.forLeads([id])).get(id) ?? [];
  const summary = (messages: MessageDelivery[]) =>
    messages.map(({ channel, audience, to, status, error }) => ({ channel, audience, to, status, ...(error ? { error } : {}) }));

  it('keeps an SMS to a +44 mobile as not sent, saying why, and still texts the staff', async () => {
    const res = await t
      .client()
      .post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, email: 'uk@example.com', phone: '+44 7400 123456' });
    expect(res.status).toBe(201);
    expect(summary(await messagesOf(res.body.id))).toEqual([
      { channel: 'email', audience: 'staff', to: 'office@example.com', status: 'queued' },
      { channel: 'sms', audience: 'staff', to: '+61411111111', status: 'queued' },
      { channel: 'email', audience: 'customer', to: 'uk@example.com', status: 'queued' },
      {
        channel: 'sms',
        audience: 'customer',
        to: '+44 7400 123456',
        status: 'skipped',
        error: 'Not sent: +44 numbers are outside the countries set in SMS_COUNTRIES (AU)',
      },
    ]);
  });

  it('sends a customer at most 3 messages a day per address and number, then again after 24 hours', async () => {
    const inquiry = { ...goodInquiry, email: 'repeat@example.com', phone: '0400 555 001' };
    const customer = async (body: Record<string, unknown>, path = '/api/project-inquiry') => {
      const res = await t.client().post<{ id: string }>(path, body);
      expect(res.status).toBe(201);
      return summary((await messagesOf(res.body.id)).filter((m) => m.audience === 'customer'));
    };
    const queued = [
      { channel: 'email', audience: 'customer', to: 'repeat@example.com', status: 'queued' },
      { channel: 'sms', audience: 'customer', to: '+61400555001', status: 'queued' },
    ];
    expect(await customer(inquiry)).toEqual(queued);
    expect(await customer(inquiry)).toEqual(queued);
    // The third to this address comes from the quote form, in other letter case; the number has had two.
    expect(await customer({ ...goodQuote, email: 'Repeat@Example.com' }, '/api/quote-request')).toEqual([
      { channel: 'email', audience: 'customer', to: 'Repeat@Example.com', status: 'queued' },
    ]);
    t.clock.advance(60 * 60 * 1000);
    const fourth = await t.client().post<{ id: string }>('/api/project-inquiry', inquiry);
    const all = await messagesOf(fourth.body.id);
    expect(summary(all)).toEqual([
      { channel: 'email', audience: 'staff', to: 'office@example.com', status: 'queued' },
      { channel: 'sms', audience: 'staff', to: '+61411111111', status: 'queued' },
      {
        channel: 'email',
        audience: 'customer',
        to: 'repeat@example.com',
        status: 'skipped',
        error: 'Not sent: this address already had 3 messages from the site in the last 24 hours (CUSTOMER_MESSAGES_PER_DAY)',
      },
      // The number's third.
      { channel: 'sms', audience: 'customer', to: '+61400555001', status: 'queued' },
    ]);
    expect(await customer(inquiry)).toEqual([
      {
        channel: 'email',
        audience: 'customer',
        to: 'repeat@example.com',
        status: 'skipped',
        error: 'Not sent: this address already had 3 messages from the site in the last 24 hours (CUSTOMER_MESSAGES_PER_DAY)',
      },
      {
        channel: 'sms',
        audience: 'customer',
        to: '+61400555001',
        status: 'skipped',
        error: 'Not sent: this number already had 3 messages from the site in the last 24 hours (CUSTOMER_MESSAGES_PER_DAY)',
      },
    ]);
    // A day after the first three, they no longer count (skipped ones never do): both go again.
    t.clock.advance(day - 60 * 60 * 1000);
    expect(await customer(inquiry)).toEqual(queued);
  });

  it('refuses a name with a web address with 400, and stores nothing', async () => {
    const { store } = t.app;
    const before = [await store.inquiries.count(), await store.quotes.count(), await store.reviews.count()];
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['/api/project-inquiry', { ...goodInquiry, firstName: 'Win a prize at http://evil.example' }, 'firstName'],
      ['/api/project-inquiry', { ...goodInquiry, lastName: 'www.evil-prize' }, 'lastName'],
      ['/api/quote-request', { ...goodQuote, firstName: 'Claim at bit.ly/abc' }, 'firstName'],
      ['/api/review', { ...goodReview, customerName: 'Visit prize-claim.com' }, 'customerName'],
    ];
    for (const [path, body, field] of cases) {
      const res = await t.client().post<Failure>(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual({ [field]: 'Please enter your name without a web address' });
    }
    expect([await store.inquiries.count(), await store.quotes.count(), await store.reviews.count()]).toEqual(before);
  });

  it('accepts ordinary names with dots, apostrophes, hyphens and accents', async () => {
    for (const [firstName, lastName] of [
      ['St. John', "O'Brien-Smith"],
      ['J.R.', 'Tolkien'],
      ['Zoë', 'Nguyễn'],
    ]) {
      const res = await t.client().post('/api/project-inquiry', { ...goodInquiry, email: 'names@example.com', firstName, lastName });
      expect(res.status, `${firstName} ${lastName}`).toBe(201);
    }
  });

  it('refuses control, bidi and line-break characters in one-line fields with 400 naming the field', async () => {
    const before = { inquiries: await t.app.store.inquiries.count(), quotes: await t.app.store.quotes.count() };
    const cases: Array<[string, Record<string, unknown>, string, string]> = [
      ['/api/project-inquiry', { ...goodInquiry, lastName: 'Nguyen\nPhone: 0400 000 000' }, 'lastName', 'Last name must be on one line'],
      ['/api/project-inquiry', { ...goodInquiry, firstName: 'Ava\r\nBcc: x' }, 'firstName', 'First name must be on one line'],
      [
        '/api/project-inquiry',
        { ...goodInquiry, firstName: 'Ava\u0007' },
        'firstName',
        'First name contains characters that are not allowed',
      ],
      ['/api/project-inquiry', { ...goodInquiry, phone: '0400 123 456\u2028' + '1' }, 'phone', 'Phone number must be on one line'],
      ['/api/quote-request', { ...goodQuote, suburb: 'Rich\u202Emond' }, 'suburb', 'Suburb contains characters that are not allowed'],
      ['/api/quote-request', { ...goodQuote, suburb: 'Rich\u2066mond\u2069' }, 'suburb', 'Suburb contains characters that are not allowed'],
      [
        '/api/quote-request',
        { ...goodQuote, lastName: 'Smith\u0085Jones' },
        'lastName',
        'Last name contains characters that are not allowed',
      ],
      ['/api/quote-request', { ...goodQuote, firstName: 'Jack\tJill' }, 'firstName', 'First name contains characters that are not allowed'],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await t.client().post<Failure>(path, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toEqual({ [field]: message });
    }
    expect(await t.app.store.inquiries.count()).toBe(before.inquiries);
    expect(await t.app.store.quotes.count()).toBe(before.quotes);
  });

  it('caps first and last names at 50 characters', async () => {
    const res = await t.client().post<Failure>('/api/project-inquiry', { ...goodInquiry, firstName: 'A'.repeat(51) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ firstName: 'Must be at most 50 characters' });
  });

  it('keeps the line breaks of a review and refuses its control characters', async () => {
    const reviewText = 'Beautiful kitchen.\nFinished on time,\r\nand tidy.\tThank you!';
    const res = await t.client().post<{ id: string; reviewText: string }>('/api/review', { ...goodReview, reviewText });
    expect(res.status).toBe(201);
    expect((await t.app.store.reviews.get(res.body.id))?.reviewText).toBe(reviewText);
    const bad = await t.client().post<Failure>('/api/review', { ...goodReview, reviewText: 'Lovely work \u202Edone\u202C, thanks' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ reviewText: 'Review contains characters that are not allowed' });
  });

  it('keeps the line breaks of a note on a lead, and refuses one on a search', async () => {
    const lead = await t.client().post<{ id: string }>('/api/project-inquiry', { ...goodInquiry, email: 'note@example.com' });
    const admin = await t.adminClient();
    const note = 'Called back.\nWants a quote by Friday.';
    const res = await admin.patch<{ history: Array<{ note?: string }> }>(`/api/project-inquiry/${lead.body.id}`, { note });
    expect(res.status).toBe(200);
    expect((await t.app.store.inquiries.get(lead.body.id))?.history.at(-1)?.note).toBe(note);
    const search = await admin.get<Failure>(`/api/project-inquiries?q=${encodeURIComponent('Ava\u202E')}`);
    expect(search.status).toBe(400);
    expect(search.body.errors).toEqual({ q: 'Search contains characters that are not allowed' });
  });
}
