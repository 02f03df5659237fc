/**
 * The dashboard's Firestore channel, driven as in the browser: the web SDK (here in Node)
 * listens to Google's Firestore emulator, holding firestore.rules and signed in as an admin
 * (a token with the `admin` claim for an existing admin user), while the server's Firestore
 * Store adapter writes records the way the API does (see functions/test/firebase-live.test.ts).
 * A denial is real: the test loads rules that refuse one collection, then the real rules again.
 */
import type { Inquiry, Model3d, QuoteRequest, Review, Visitor } from '@site/domain';
import { firestoreEmulatorHost, loadRules, onEmulator } from '@site/test-support/firestore-emulator';
import { deleteApp as deleteWebApp, initializeApp as initializeWebApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore as getWebFirestore, terminate, type Firestore } from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '@site/functions/src/accounts';
import { createFirestoreStore } from '@site/functions/src/adapters/firestore/store';
import type { Store } from '@site/functions/src/ports/store';
import {
  listenLimit,
  subscribeToChanges,
  subscribeWhileSignedIn,
  type LiveSignal,
  type LiveStatus,
  type UserWatcher,
} from './live-changes';

const projectId = `demo-web-live-${process.pid}`;
const rules = readFileSync(join(import.meta.dirname, '../../../../firestore.rules'), 'utf8');
/** The real rules with quote requests refused to everyone, as Firestore refuses a query its rules deny. */
const rulesDenyingQuotes = rules.replace(
  /match \/quote_requests\/\{id\} \{[^}]*\}/,
  'match /quote_requests/{id} {\n      allow read: if false;\n    }',
);
let store: Store;
let db: Firestore;
let adminId = '';
const adminApp = initializeApp({ projectId }, projectId);
const webApps: FirebaseApp[] = [];

/**
 * A new web app and Firestore client, signed in as the admin. The emulator's listen streams
 * sometimes answer a Node client with a frame it refuses ("RESOURCE_EXHAUSTED: Received message
 * larger than max", firebase-tools issue 8654, open); the SDK then waits its longest backoff
 * (a minute) before listening again, so every later test on that client would time out. A test
 * that failed is tried again (`retry`) on a new client.
 */
function connectWeb(): Firestore {
  const app = initializeWebApp({ projectId, apiKey: 'demo-key' }, `${projectId}-${webApps.length}`);
  webApps.push(app);
  const web = getWebFirestore(app);
  const [host, port] = (firestoreEmulatorHost ?? '').split(':');
  connectFirestoreEmulator(web, host, Number(port), { mockUserToken: { sub: adminId, user_id: adminId, admin: true } });
  return web;
}

let failed = false;
beforeEach(async ({ onTestFailed }) => {
  onTestFailed(() => {
    failed = true;
  });
  if (!failed || !firestoreEmulatorHost) return;
  failed = false;
  await terminate(db);
  db = connectWeb();
});

beforeAll(async () => {
  if (!firestoreEmulatorHost) return;
  if (rulesDenyingQuotes === rules) throw new Error('firestore.rules has no quote_requests match to replace');
  await loadRules(projectId, rules);
  const adminDb = getFirestore(adminApp);
  adminDb.settings({ host: firestoreEmulatorHost, ssl: false });
  store = createFirestoreStore(adminDb);
  adminId = (await createAdmin(store, 'staff', 'correct horse battery staple')).id;
  db = connectWeb();
});

afterAll(async () => {
  if (db) await terminate(db);
  await Promise.all(webApps.map((app) => deleteWebApp(app)));
  await deleteApp(adminApp);
});

let sequence = 0;
/** A unique id and an ISO time later than every earlier one, so each record is the newest. */
function next() {
  sequence += 1;
  return { id: `r${sequence}`, at: new Date(Date.UTC(2030, 0, 1, 0, 0, sequence)).toISOString() };
}

const inquiry = ({ id, at }: ReturnType<typeof next>): Inquiry => ({
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
  updatedAt: at,
  createdAt: at,
});
const quote = ({ id, at }: ReturnType<typeof next>): QuoteRequest => ({
  id,
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam@example.com',
  suburb: 'Richmond',
  room: 'Bathroom',
  status: 'new',
  history: [],
  updatedAt: at,
  createdAt: at,
});
const review = ({ id, at }: ReturnType<typeof next>): Review => ({
  id,
  customerName: 'Jo Smith',
  rating: 5,
  reviewText: 'A beautiful new kitchen, on time and on budget.',
  approved: false,
  verified: false,
  createdAt: at,
});
const visitor = ({ id, at }: ReturnType<typeof next>): Visitor => ({ id, page: '/', visitedAt: at });
const model = ({ id, at }: ReturnType<typeof next>, displayOrder: number): Model3d => ({
  id,
  name: 'Vanity',
  description: 'A floating bathroom vanity.',
  modelUrl: '/objects/models/vanity.glb',
  originalUrl: '/objects/models/vanity.glb',
  processing: 'pending',
  variants: [],
  hotspots: [],
  thumbnailUrl: '',
  exposure: 1,
  shadowIntensity: 1,
  displayOrder,
  createdAt: at,
});

/** Records every signal and status, for `vi.waitFor` to look at. */
function recorder() {
  const signals: LiveSignal[] = [];
  const statuses: LiveStatus[] = [];
  return {
    signals,
    statuses,
    onSignal: (signal: LiveSignal) => signals.push(signal),
    onStatus: (status: LiveStatus) => statuses.push(status),
    status: () => statuses[statuses.length - 1],
  };
}

const untilLive = (status: () => LiveStatus | undefined) =>
  vi.waitFor(() => expect(status()).toBe('live'), { timeout: 5000, interval: 20 });

/**
 * A second listener on the same connection: once it has a change, a listener that was
 * still open would have had it too, so a test can say "nothing arrived" without a sleep.
 */
async function witnessListening() {
  const witness = recorder();
  const stop = subscribeToChanges(db, witness.onSignal, { onStatus: witness.onStatus });
  await untilLive(witness.status);
  return {
    signals: witness.signals,
    stop,
    saw: (signal: LiveSignal) => vi.waitFor(() => expect(witness.signals).toContainEqual(signal)),
  };
}

describe.skipIf(!firestoreEmulatorHost)(onEmulator('subscribeToChanges'), { retry: 2 }, () => {
  it('skips what each list already holds, then sends every record the server stores as a create', async () => {
    await store.inquiries.insert(inquiry(next()));
    await store.quotes.insert(quote(next()));
    await store.reviews.insert(review(next()));
    await store.visitors.insert(visitor(next()));
    await store.models.insert(model(next(), 0));

    const live = recorder();
    const stop = subscribeToChanges(db, live.onSignal, { onStatus: live.onStatus });
    await untilLive(live.status);
    expect(live.statuses).toEqual(['connecting', 'live']);
    expect(live.signals).toEqual([]);

    const newInquiry = next();
    await store.inquiries.insert(inquiry(newInquiry));
    await vi.waitFor(() =>
      expect(live.signals).toEqual([{ type: 'change', collection: 'project_inquiries', op: 'create', id: newInquiry.id }]),
    );

    const [q, r, v, m] = [next(), next(), next(), next()];
    await store.quotes.insert(quote(q));
    await store.reviews.insert(review(r));
    await store.visitors.insert(visitor(v));
    await store.models.insert(model(m, 1));
    await vi.waitFor(() =>
      expect(live.signals.slice(1)).toEqual([
        { type: 'change', collection: 'quote_requests', op: 'create', id: q.id },
        { type: 'change', collection: 'reviews', op: 'create', id: r.id },
        { type: 'change', collection: 'visitor_tracking', op: 'create', id: v.id },
        { type: 'change', collection: 'models_3d', op: 'create', id: m.id },
      ]),
    );
    stop();
  });

  it('sends an approved review as an update, and nothing once stopped', async () => {
    const pending = next();
    await store.reviews.insert(review(pending));
    const live = recorder();
    const stop = subscribeToChanges(db, live.onSignal, { onStatus: live.onStatus });
    await untilLive(live.status);

    await store.reviews.update(pending.id, { approved: true });
    await vi.waitFor(() => expect(live.signals).toEqual([{ type: 'change', collection: 'reviews', op: 'update', id: pending.id }]));

    stop();
    const witness = await witnessListening();
    const later = next();
    await store.inquiries.insert(inquiry(later));
    await store.reviews.update(pending.id, { rating: 4 });
    await witness.saw({ type: 'change', collection: 'reviews', op: 'update', id: pending.id });
    expect(witness.signals).toContainEqual({ type: 'change', collection: 'project_inquiries', op: 'create', id: later.id });
    expect(live.signals).toHaveLength(1);
    witness.stop();
  });

  it('sends a status change to a lead older than the newest 50 as an update', async () => {
    const old = { id: `old${sequence}`, at: '2029-06-01T00:00:00.000Z' };
    await store.inquiries.insert(inquiry(old));
    const newer = Array.from({ length: listenLimit }, () => next());
    await Promise.all(newer.map((lead) => store.inquiries.insert(inquiry(lead))));
    const live = recorder();
    const stop = subscribeToChanges(db, live.onSignal, { onStatus: live.onStatus });
    await untilLive(live.status);

    const changed = next().at;
    await store.inquiries.transform(old.id, (current) => ({
      status: 'contacted',
      history: [...current.history, { at: changed, by: 'staff', status: 'contacted' }],
      updatedAt: changed,
    }));
    await vi.waitFor(() =>
      expect(live.signals).toContainEqual({ type: 'change', collection: 'project_inquiries', op: 'update', id: old.id }),
    );
    expect(live.signals.filter((signal) => signal.type === 'change' && signal.op === 'create')).toEqual([]);
    stop();
    // The later tests expect windows that are not full.
    await store.inquiries.deleteMany([old.id, ...newer.map((lead) => lead.id)]);
  });

  it('sends a deleted record as a delete', async () => {
    const gone = next();
    await store.inquiries.insert(inquiry(gone));
    const live = recorder();
    const stop = subscribeToChanges(db, live.onSignal, { onStatus: live.onStatus });
    await untilLive(live.status);

    await store.inquiries.delete(gone.id);
    await vi.waitFor(() => expect(live.signals).toEqual([{ type: 'change', collection: 'project_inquiries', op: 'delete', id: gone.id }]));
    stop();
  });

  it('after a denial by the rules listens again and sends resync once allowed', async () => {
    const live = recorder();
    const errors: string[] = [];
    await loadRules(projectId, rulesDenyingQuotes);
    const stop = subscribeToChanges(db, live.onSignal, {
      onStatus: live.onStatus,
      onError: (error) => errors.push(error.code),
      retryDelayMs: () => 50,
    });
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2));
    expect(errors[0]).toBe('permission-denied');
    expect(live.statuses).toEqual(['connecting', 'reconnecting']);
    expect(live.signals).toEqual([]);

    await loadRules(projectId, rules);
    await untilLive(live.status);
    expect(live.signals).toEqual([{ type: 'resync' }]);

    const after = next();
    await store.quotes.insert(quote(after));
    await vi.waitFor(() =>
      expect(live.signals).toContainEqual({ type: 'change', collection: 'quote_requests', op: 'create', id: after.id }),
    );
    stop();
  });
});

describe.skipIf(!firestoreEmulatorHost)(onEmulator('subscribeWhileSignedIn'), { retry: 2 }, () => {
  it('listens for the signed-in user, sends resync when the user changes, and stops while signed out', async () => {
    let setUser: (uid: string | null) => void = () => undefined;
    const watchUser: UserWatcher = (callback) => {
      setUser = callback;
      return () => {
        setUser = () => undefined;
      };
    };
    const live = recorder();
    const stop = subscribeWhileSignedIn(watchUser, db, live.onSignal, { onStatus: live.onStatus });

    setUser('admin-1');
    await untilLive(live.status);
    // A token refresh calls back with the same user: the listeners stay.
    setUser('admin-1');
    expect(live.statuses).toEqual(['connecting', 'live']);
    expect(live.signals).toEqual([]);

    setUser('admin-2');
    await vi.waitFor(() => expect(live.statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']));
    expect(live.signals).toEqual([{ type: 'resync' }]);

    setUser(null);
    expect(live.status()).toBe('reconnecting');
    const witness = await witnessListening();
    const unseen = next();
    await store.inquiries.insert(inquiry(unseen));
    await witness.saw({ type: 'change', collection: 'project_inquiries', op: 'create', id: unseen.id });
    expect(live.signals).toEqual([{ type: 'resync' }]);
    witness.stop();

    stop();
  });
});
