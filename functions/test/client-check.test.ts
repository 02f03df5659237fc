/**
 * The public forms and visits behind a client check (App Check in Firebase mode): refused
 * without a valid token in enforce mode, let through and logged in monitor mode; everything
 * else untouched. The check itself is a stand-in here: Google's token verification needs
 * its public keys, which these tests cannot fetch (firebase-app-check.test.ts covers what
 * the real verifier refuses offline).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { unverifiedClientMessage } from '../src/http/client-check';
import type { ClientCheck } from '../src/ports/client-check';
import { goodInquiry, goodQuote, goodReview, startTestApp, type TestApp } from './harness';

const check = (mode: ClientCheck['mode']): ClientCheck => ({ mode, verify: async (token) => token === 'valid-token' });
const verified = { 'x-firebase-appcheck': 'valid-token' };
let app: TestApp | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await app?.close();
  app = undefined;
});

describe('client check on the public POST routes', () => {
  it('refuses a form or visit without a valid token when enforced, storing nothing', async () => {
    app = await startTestApp({}, undefined, undefined, check('enforce'));
    const client = app.client();
    for (const [path, body] of [
      ['/api/project-inquiry', goodInquiry],
      ['/api/quote-request', goodQuote],
      ['/api/review', goodReview],
      ['/api/visits', { page: '/' }],
    ] as const) {
      const missing = await client.post<{ message: string }>(path, body);
      expect(missing.status, path).toBe(401);
      expect(missing.body.message).toBe(unverifiedClientMessage);
      expect((await client.post(path, body, { 'x-firebase-appcheck': 'forged' })).status, path).toBe(401);
    }
    const { store } = app.app;
    expect([await store.inquiries.count(), await store.quotes.count(), await store.reviews.count(), await store.visitors.count()]).toEqual([
      0, 0, 0, 0,
    ]);

    expect((await client.post('/api/project-inquiry', goodInquiry, verified)).status).toBe(201);
    expect((await client.post('/api/visits', { page: '/' }, verified)).status).toBe(204);
    expect(await store.inquiries.count()).toBe(1);
  });

  it('leaves reads, sign-in and the admin alone', async () => {
    app = await startTestApp({}, undefined, undefined, check('enforce'));
    expect((await app.client().get('/api/reviews')).status).toBe(200);
    const admin = await app.adminClient();
    expect((await admin.get('/api/project-inquiries')).status).toBe(200);
  });

  it('lets everything through in monitor mode, logging each request it would have refused', async () => {
    // The app's log writes to console.error.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    app = await startTestApp({}, undefined, undefined, check('monitor'));
    expect((await app.client().post('/api/quote-request', goodQuote)).status).toBe(201);
    expect((await app.client().post('/api/quote-request', goodQuote, { 'x-firebase-appcheck': 'forged' })).status).toBe(201);
    expect((await app.client().post('/api/quote-request', goodQuote, verified)).status).toBe(201);
    expect(await app.app.store.quotes.count()).toBe(3);
    expect(logged.mock.calls.map(([message]) => message)).toEqual([
      'client check: no X-Firebase-AppCheck token on POST /api/quote-request (monitor mode, let through)',
      'client check: an invalid X-Firebase-AppCheck token on POST /api/quote-request (monitor mode, let through)',
    ]);
  });
});
