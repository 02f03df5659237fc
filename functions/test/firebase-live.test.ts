/**
 * The admin dashboard's live data in Firebase mode: the browser's Firestore SDK listens
 * (onSnapshot) to the collections the Cloud Function writes with firebase-admin. Here the
 * web SDK runs in Node against Google's Firestore emulator holding firestore.rules, signed
 * in the way the dashboard is (a token with the `admin` claim of an existing admin) or not
 * at all, with the query shapes the web app uses.
 */
import type { Inquiry, Review } from '@site/domain';
import { firestoreEmulatorHost, loadRules, onEmulator } from '@site/test-support/firestore-emulator';
import { deleteApp as deleteWebApp, initializeApp as initializeWebApp, type FirebaseApp } from 'firebase/app';
import {
  collection,
  connectFirestoreEmulator,
  getFirestore as getWebFirestore,
  limit,
  onSnapshot,
  orderBy,
  query,
  terminate,
  where,
  type Firestore as WebFirestore,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '../src/accounts';
import { createFirestoreStore } from '../src/adapters/firestore/store';
import type { Store } from '../src/ports/store';

const projectId = `demo-live-${process.pid}`;
let store: Store;
let adminUid = '';
const apps: FirebaseApp[] = [];
const webs: WebFirestore[] = [];
const adminApp = initializeApp({ projectId }, projectId);

/** A browser's Firestore: signed in as `uid` with the given claims, or signed out. */
function browser(user?: { uid: string; admin?: boolean }): WebFirestore {
  const app = initializeWebApp({ projectId, apiKey: 'demo-key' }, `${projectId}-web-${apps.length}`);
  const web = getWebFirestore(app);
  const [host, port] = (firestoreEmulatorHost ?? '').split(':');
  connectFirestoreEmulator(web, host, Number(port), user ? { mockUserToken: { sub: user.uid, user_id: user.uid, admin: user.admin } } : {});
  apps.push(app);
  webs.push(web);
  return web;
}

beforeAll(async () => {
  if (!firestoreEmulatorHost) return;
  await loadRules(projectId, readFileSync(join(import.meta.dirname, '../../firestore.rules'), 'utf8'));
  const db = getFirestore(adminApp);
  db.settings({ host: firestoreEmulatorHost, ssl: false });
  store = createFirestoreStore(db);
  adminUid = (await createAdmin(store, 'staff', 'correct horse battery staple')).id;
});

afterAll(async () => {
  await Promise.all(webs.map((web) => terminate(web)));
  await Promise.all(apps.map((app) => deleteWebApp(app)));
  await deleteApp(adminApp);
});

/** Collects snapshots and the listener's error, and waits for one that satisfies a condition. */
function watch(q: Query) {
  const snapshots: QuerySnapshot[] = [];
  let error: string | undefined;
  const stop = onSnapshot(
    q,
    (snapshot) => snapshots.push(snapshot),
    (failure) => (error = failure.code),
  );
  let seen = 0;
  /** The next snapshot, after those an earlier call returned, that passes `test`. */
  const until = async (test: (s: QuerySnapshot) => boolean) =>
    vi.waitFor(
      () => {
        const at = snapshots.findIndex((snapshot, i) => i >= seen && test(snapshot));
        if (at < 0)
          throw new Error(`no matching snapshot among ${snapshots.length - seen} new ones${error ? ` (listener failed: ${error})` : ''}`);
        seen = at + 1;
        return snapshots[at];
      },
      { timeout: 5000, interval: 10 },
    );
  const failed = async () =>
    vi.waitFor(
      () => {
        if (!error) throw new Error('the listener has not failed');
        return error;
      },
      { timeout: 5000, interval: 10 },
    );
  return { stop, until, failed };
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
  status: 'new',
  history: [],
  updatedAt: createdAt,
  createdAt,
});

const review = (id: string, createdAt: string, approved: boolean): Review => ({
  id,
  customerName: 'Jo Smith',
  rating: 5,
  reviewText: 'A beautiful new kitchen, on time and on budget.',
  approved,
  verified: false,
  createdAt,
});

describe.skipIf(!firestoreEmulatorHost)(onEmulator('Firestore listeners from the web SDK'), () => {
  it('show the admin a new inquiry the server stores, newest first, and its deletion', async () => {
    await store.inquiries.insert(inquiry('old', '2025-01-01T00:00:00.000Z'));
    const live = watch(
      query(collection(browser({ uid: adminUid, admin: true }), 'project_inquiries'), orderBy('createdAt', 'desc'), limit(50)),
    );
    await live.until((s) => s.size === 1);

    await store.inquiries.insert(inquiry('new', new Date().toISOString()));
    const snapshot = await live.until((s) => s.size === 2);
    expect(snapshot.docs.map((d) => d.id)).toEqual(['new', 'old']);
    // Documents carry the record without its id, as the Store writes them; the id is the document's.
    expect(snapshot.docs[0].data()).toMatchObject({ firstName: 'Ava', rooms: ['kitchen'], phone: '0400 123 456' });
    expect(snapshot.docs[0].data()).not.toHaveProperty('id');

    await store.inquiries.delete('old');
    const after = await live.until((s) => s.size === 1);
    expect(after.docs.map((d) => d.id)).toEqual(['new']);
    expect(after.docChanges().map((c) => [c.type, c.doc.id])).toEqual([['removed', 'old']]);
    live.stop();
  });

  it('show anyone the approved reviews, and a review once it is approved', async () => {
    await store.reviews.insert(review('shown', '2025-01-01T00:00:00.000Z', true));
    await store.reviews.insert(review('waiting', '2025-01-02T00:00:00.000Z', false));
    const live = watch(query(collection(browser(), 'reviews'), where('approved', '==', true), orderBy('createdAt', 'desc')));
    const first = await live.until((s) => s.size === 1);
    expect(first.docs.map((d) => d.id)).toEqual(['shown']);

    await store.reviews.update('waiting', { approved: true });
    const second = await live.until((s) => s.size === 2);
    expect(second.docs.map((d) => d.id)).toEqual(['waiting', 'shown']);
    live.stop();
  });

  it('refuse the leads to a visitor, and to a token without the admin claim', async () => {
    for (const web of [browser(), browser({ uid: 'someone' }), browser({ uid: 'someone', admin: false })]) {
      const live = watch(query(collection(web, 'project_inquiries'), orderBy('createdAt', 'desc'), limit(50)));
      expect(await live.failed()).toBe('permission-denied');
    }
  });
});
