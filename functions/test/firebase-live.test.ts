/**
 * The admin dashboard's live data in Firebase mode: the browser's Firestore SDK listens
 * (onSnapshot) to the collections the Cloud Function writes with firebase-admin. Here the
 * web SDK runs in Node against the in-process Firestore emulator, with the query shapes the
 * web app uses (and firestore.indexes.json covers); rules are tested in test/rules.
 *
 * What the in-process emulator cannot show: its Listen answers every later change with a
 * RESET, which the web SDK does not turn into removals, and it sent no snapshot at all for
 * the filtered public-reviews query (approved == true, ordered by createdAt). Deletions and
 * filtered listeners are therefore exercised only against Google's emulator and production.
 */
import type { Inquiry } from '@site/domain';
import { deleteApp as deleteWebApp, initializeApp as initializeWebApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore as getWebFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  terminate,
  type Firestore as WebFirestore,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInProcessEmulator, type InProcessEmulator } from '../src/adapters/firestore/in-process-emulator';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import type { Store } from '../src/ports/store';

const projectId = `demo-live-${process.pid}`;
let emulator: InProcessEmulator;
let store: Store;
let web: WebFirestore;
const adminApp = initializeApp({ projectId }, projectId);
const webApp = initializeWebApp({ projectId, apiKey: 'demo-key' }, projectId);

beforeAll(async () => {
  emulator = await startInProcessEmulator();
  const db = getFirestore(adminApp);
  db.settings({ host: emulator.host, ssl: false });
  store = createFirestoreStore(db);
  web = getWebFirestore(webApp);
  const [host, port] = emulator.host.split(':');
  connectFirestoreEmulator(web, host, Number(port));
});

afterAll(async () => {
  await terminate(web);
  await deleteWebApp(webApp);
  await deleteApp(adminApp);
  emulator?.stop();
});

/** Collects snapshots and lets a test wait for one that satisfies a condition. */
function watch(q: Query) {
  const snapshots: QuerySnapshot[] = [];
  const waiters: Array<{ test: (s: QuerySnapshot) => boolean; done: (s: QuerySnapshot) => void }> = [];
  const stop = onSnapshot(q, (snapshot) => {
    snapshots.push(snapshot);
    for (const waiter of [...waiters]) {
      if (waiter.test(snapshot)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.done(snapshot);
      }
    }
  });
  const until = (test: (s: QuerySnapshot) => boolean, ms = 5000) =>
    new Promise<QuerySnapshot>((done, fail) => {
      const last = snapshots[snapshots.length - 1];
      if (last && test(last)) return done(last);
      const timer = setTimeout(() => fail(new Error('no matching snapshot in time')), ms);
      waiters.push({ test, done: (s) => (clearTimeout(timer), done(s)) });
    });
  return { stop, until };
}

const inquiry = (id: string, createdAt: string): Inquiry => ({
  id,
  rooms: ['kitchen'],
  budget: '15000-30000',
  timeline: 'asap',
  firstName: 'Ava',
  lastName: 'Nguyen',
  email: 'ava@example.com',
  phone: '0400 123 456',
  createdAt,
});

describe('Firestore listeners from the web SDK', () => {
  it('see a new inquiry the server stores, newest first, well within a second', async () => {
    await store.inquiries.insert(inquiry('old', '2025-01-01T00:00:00.000Z'));
    const live = watch(query(collection(web, 'project_inquiries'), orderBy('createdAt', 'desc'), limit(50)));
    await live.until((s) => s.size === 1);

    const started = Date.now();
    await store.inquiries.insert(inquiry('new', new Date().toISOString()));
    const snapshot = await live.until((s) => s.size === 2);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(snapshot.docs.map((d) => d.id)).toEqual(['new', 'old']);
    // Documents carry the record without its id, as the Store writes them; the id is the document's.
    expect(snapshot.docs[0].data()).toMatchObject({ firstName: 'Ava', rooms: ['kitchen'], phone: '0400 123 456' });
    expect(snapshot.docs[0].data()).not.toHaveProperty('id');

    live.stop();
  });
});
