import {
  inquiryInputSchema,
  leadStatuses,
  limits,
  quoteInputSchema,
  reviewInputSchema,
  settingsSections,
  visitInputSchema,
  type LeadProgress,
} from '@site/domain';
import fc from 'fast-check';
import { settingsSectionSchemas } from '@site/domain/settings-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodInquiry, goodQuote, goodReview, startTestApp, testSettings, type Client, type TestApp } from './harness';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.adminClient();
});
afterAll(() => t.close());

/** Any JSON value, with a bias towards the shapes and field names the API expects. */
const fieldNames = [
  'rooms',
  'budget',
  'timeline',
  'firstName',
  'lastName',
  'email',
  'phone',
  'suburb',
  'room',
  'customerName',
  'rating',
  'reviewText',
  'page',
  'name',
  'description',
  'modelUrl',
  'thumbnailUrl',
  'exposure',
  'shadowIntensity',
  'models',
  'username',
  'password',
  'website',
  'id',
  'approved',
  'createdAt',
  'status',
  'note',
  'history',
  '__proto__',
  'constructor',
];
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '<script>alert(1)</script>',
    "'; DROP TABLE reviews; --",
    '=HYPERLINK("x")',
    '../../etc/passwd',
    'x'.repeat(5000),
    '\ud800',
    '%00',
    '{"$gt":""}',
  ),
);
const anyValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const mutated = (base: Record<string, unknown>) =>
  fc
    .tuple(fc.dictionary(fc.constantFrom(...fieldNames, ...Object.keys(base)), anyValue, { maxKeys: 6 }), fc.boolean())
    .map(([patch, keepBase]) => (keepBase ? { ...base, ...patch } : patch));
const rawBody = fc.oneof(
  anyValue.map((v) => JSON.stringify(v) ?? 'null'),
  fc.string(),
  fc.constantFrom('{', '[', '{"a":}', 'null', '"str"', '1e999', '{"rating":1e400}', '\u0000'),
);

const routes: Array<{ method: string; path: string; base: Record<string, unknown>; admin?: boolean }> = [
  { method: 'POST', path: '/api/project-inquiry', base: goodInquiry },
  { method: 'POST', path: '/api/quote-request', base: goodQuote },
  { method: 'POST', path: '/api/review', base: goodReview },
  { method: 'POST', path: '/api/review', base: { ...goodReview, invite: `${'a'.repeat(20)}.${'b'.repeat(43)}` } },
  { method: 'POST', path: '/api/unsubscribe', base: { t: `${'a'.repeat(43)}.${'b'.repeat(43)}` } },
  { method: 'POST', path: '/api/visits', base: { page: '/' } },
  { method: 'POST', path: '/api/login', base: { username: 'staff', password: 'x' } },
  { method: 'POST', path: '/api/register', base: { username: 'someone', password: 'long password here' } },
  {
    method: 'POST',
    path: '/api/3d-models',
    base: { name: 'Model', description: 'A model', modelUrl: '/objects/models/x.glb' },
    admin: true,
  },
  { method: 'PATCH', path: '/api/3d-models/reorder', base: { models: [{ id: 'a', displayOrder: 0 }] }, admin: true },
  { method: 'POST', path: '/api/objects/upload', base: { kind: 'model' }, admin: true },
  { method: 'POST', path: '/api/privacy/erase', base: { email: 'nobody@example.com', confirm: 'ERASE' }, admin: true },
  {
    method: 'PUT',
    path: '/api/settings',
    base: { version: 1, business: { ...testSettings.business, abn: '51824753556' }, privacy: { leadRetentionMonths: 24 } },
    admin: true,
  },
  { method: 'PUT', path: '/api/settings/images/logo', base: { url: '/objects/thumbnails/x.png' }, admin: true },
  { method: 'POST', path: '/api/settings/test-message', base: { channel: 'email' }, admin: true },
  {
    method: 'POST',
    path: '/api/bookings',
    base: {
      service: 'kitchen',
      start: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
      street: '12 High Street',
      suburb: 'Northcote',
      postcode: '3070',
      firstName: 'Olivia',
      lastName: 'Brown',
      email: 'olivia@example.com',
      mobile: '0412 345 678',
    },
  },
  { method: 'POST', path: '/api/bookings/manage', base: { token: `${'a'.repeat(20)}.${'b'.repeat(43)}`, cancel: true } },
  {
    method: 'POST',
    path: '/api/bookings/blocks',
    base: { start: '2030-01-01T00:00:00.000Z', end: '2030-01-02T00:00:00.000Z', label: 'Leave' },
    admin: true,
  },
  { method: 'PATCH', path: '/api/bookings/abcdefghijklmnopqrst', base: { start: '2030-01-01T00:00:00.000Z' }, admin: true },
  { method: 'PUT', path: '/api/settings', base: { version: 1, booking: testSettings.booking }, admin: true },
];

describe('random and malformed input', () => {
  for (const route of routes) {
    it(`never answers 5xx on ${route.method} ${route.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            mutated(route.base).map((v) => JSON.stringify(v)),
            rawBody,
          ),
          async (body) => {
            const client = route.admin ? admin : t.client();
            const res = await client.request(route.method, route.path, { body, headers: { 'content-type': 'application/json' } });
            expect(res.status, `${body} -> ${res.text}`).toBeLessThan(500);
            if (res.status >= 400) {
              expect(typeof (res.body as { message?: unknown }).message).toBe('string');
            }
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('never answers 5xx on PATCH of an inquiry or quote request, and stores only valid statuses and notes', async () => {
    const inquiry = await t.client().post<{ id: string }>('/api/project-inquiry', goodInquiry);
    const quote = await t.client().post<{ id: string }>('/api/quote-request', goodQuote);
    const paths = [`/api/project-inquiry/${inquiry.body.id}`, `/api/quote-request/${quote.body.id}`];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.oneof(
          mutated({ status: 'contacted', note: 'Called back' }).map((v) => JSON.stringify(v)),
          rawBody,
        ),
        async (path, body) => {
          const res = await admin.request('PATCH', path, { body, headers: { 'content-type': 'application/json' } });
          expect(res.status, `${body} -> ${res.text}`).toBeLessThan(500);
          if (res.status >= 400) expect(typeof (res.body as { message?: unknown }).message).toBe('string');
        },
      ),
      { numRuns: 80 },
    );
  });

  it('never answers 5xx for random paths, ids and query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/api/project-inquiry/',
          '/api/review/',
          '/api/3d-models/',
          '/api/quote-request/',
          '/objects/models/',
          '/api/reviews?limit=',
          '/api/project-inquiries?cursor=',
          '/api/project-inquiries?status=',
          '/api/quote-requests?q=',
          '/api/project-inquiries?limit=2&q=',
          '/api/objects/upload/',
          '/api/booking/availability?postcode=',
          '/api/bookings?from=2030-01-01T00:00:00.000Z&to=',
          '/api/bookings/manage?t=',
          '/api/bookings/blocks/',
          '/api/bookings/',
          '/api/calendar/',
        ),
        fc.string({ maxLength: 80 }),
        fc.constantFrom('GET', 'DELETE', 'PUT', 'POST', 'PATCH'),
        async (prefix, tail, method) => {
          const res = await admin.request(
            method,
            prefix + encodeURIComponent(tail),
            method === 'GET' ? {} : { body: '{}', headers: { 'content-type': 'application/json' } },
          );
          expect(res.status, `${method} ${prefix}${tail} -> ${res.text}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stored only records that satisfy the domain schemas', async () => {
    const store = t.app.store;
    const all = async <T extends { id: string }>(find: (after?: string) => Promise<{ items: T[]; next?: string }>) => {
      const items: T[] = [];
      let after: string | undefined;
      do {
        const page = await find(after);
        items.push(...page.items);
        after = page.next;
      } while (after);
      return items;
    };
    const inquiries = await all((after) => store.inquiries.find({ orderBy: 'createdAt', direction: 'desc', limit: 200, after }));
    const quotes = await all((after) => store.quotes.find({ orderBy: 'createdAt', direction: 'desc', limit: 200, after }));
    const reviews = await all((after) => store.reviews.find({ orderBy: 'createdAt', direction: 'desc', limit: 200, after }));
    const visitors = await all((after) => store.visitors.find({ orderBy: 'visitedAt', direction: 'desc', limit: 200, after }));
    expect(inquiries.length + quotes.length + reviews.length + visitors.length).toBeGreaterThan(0);
    for (const { id: _id, createdAt: _c, ...fields } of inquiries) expect(inquiryInputSchema.safeParse(fields).success).toBe(true);
    for (const { id: _id, createdAt: _c, ...fields } of quotes) expect(quoteInputSchema.safeParse(fields).success).toBe(true);
    const progress = (lead: LeadProgress) =>
      leadStatuses.includes(lead.status) &&
      lead.history.every(
        (entry) =>
          (entry.status === undefined || leadStatuses.includes(entry.status)) &&
          (entry.note === undefined || (entry.note.trim().length > 0 && entry.note.length <= limits.leadNoteMaxLength)),
      );
    for (const lead of [...inquiries, ...quotes]) expect(progress(lead), JSON.stringify(lead)).toBe(true);
    for (const { id: _id, createdAt: _c, approved, ...fields } of reviews) {
      expect(approved).toBe(false);
      expect(reviewInputSchema.safeParse(fields).success).toBe(true);
    }
    for (const visit of visitors) expect(visitInputSchema.safeParse({ page: visit.page }).success).toBe(true);
    expect(await store.models.count()).toBe(0);
    expect(await store.users.count()).toBe(1);
    // The business settings: every section as stored passes its own schema again.
    const { settings } = await t.app.context.settings.current();
    for (const section of settingsSections) {
      const result = settingsSectionSchemas[section].safeParse(settings[section]);
      expect(result.success, `${section}: ${JSON.stringify(settings[section])}`).toBe(true);
    }
  });
});
