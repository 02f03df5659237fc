/**
 * Rate limits in Firebase mode hold across the function's instances: two API instances
 * counting in the same Firestore (Google's emulator) share every limit.
 */
import { firestoreEmulatorHost, onEmulator } from '@site/test-support/firestore-emulator';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { firestoreHitCounter, rateLimitCollection } from '../src/adapters/firestore/hit-counter';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import { admin, goodQuote, startTestApp, type TestApp } from './harness';

const projectId = `demo-limits-${process.pid}`;
const firebase = initializeApp({ projectId }, projectId);
const db = getFirestore(firebase);
const instances: TestApp[] = [];

beforeAll(async () => {
  if (!firestoreEmulatorHost) return;
  db.settings({ host: firestoreEmulatorHost, ssl: false });
  for (let i = 0; i < 2; i++) {
    // Each instance has its own Store client and counter, as separate function instances do.
    instances.push(await startTestApp({ formRateLimit: 2, loginRateLimit: 2 }, () => createFirestoreStore(db), firestoreHitCounter(db)));
  }
});

afterAll(async () => {
  for (const instance of instances) await instance.close().catch(() => undefined);
  await deleteApp(firebase);
});

describe.skipIf(!firestoreEmulatorHost)(onEmulator('rate limits across instances'), () => {
  // The limits count in windows aligned to the clock: each test starts at one's beginning, on
  // both instances' clocks alike.
  beforeEach(() => {
    const [a, b] = instances;
    const before = a.clock.now().getTime();
    a.clock.toWindowStart();
    b.clock.advance(a.clock.now().getTime() - before);
  });

  it("count one client's forms on every instance, and store nothing past the limit", async () => {
    const [a, b] = instances;
    expect((await a.client().post('/api/quote-request', goodQuote)).status).toBe(201);
    expect((await b.client().post('/api/quote-request', goodQuote)).status).toBe(201);
    const refused = await a.client().post<{ message: string }>('/api/quote-request', goodQuote);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('Too many requests. Please try again later.');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await b.client().post('/api/quote-request', goodQuote)).status).toBe(429);
    expect((await db.collection('quote_requests').count().get()).data().count).toBe(2);
  });

  it("count a username's failed logins on every instance", async () => {
    const [a, b] = instances;
    expect((await a.client().post('/api/login', { username: admin.username, password: 'guess one' })).status).toBe(401);
    expect((await b.client().post('/api/login', { username: admin.username, password: 'guess two' })).status).toBe(401);
    expect((await a.client().post('/api/login', admin)).status).toBe(429);
  });

  it('keep counts under hashed names that expire, with no address in them', async () => {
    const counts = await db.collection(rateLimitCollection).get();
    expect(counts.size).toBeGreaterThan(0);
    for (const doc of counts.docs) {
      expect(doc.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(JSON.stringify(doc.data())).not.toContain('127.0.0.1');
      expect(doc.get('expireAt')).toBeInstanceOf(Timestamp);
      expect(doc.get('expireAt').toMillis()).toBeGreaterThan(Date.now());
    }
  });
});
