/**
 * The dashboard's Firestore channel, driven as in the browser: the web SDK (here in Node)
 * listens to the in-process Firestore emulator while the server's Firestore Store adapter
 * writes records the way the API does (see functions/test/firebase-live.test.ts).
 *
 * What the in-process emulator can show: creates and updates. What it cannot, so what this
 * file leaves to Google's emulator (`npm run emulators`) and production:
 *  - deletions: it answers every change with a RESET, which the web SDK does not turn into
 *    removals, so 'removed' -> 'delete' is not exercised here;
 *  - rules: it enforces none. A denial is simulated below the way Firestore reports one
 *    (the target removed with PERMISSION_DENIED), which is what ends the SDK's listeners;
 *  - going offline and back (status `reconnecting` while snapshots come from the cache).
 * It also serves only the first target of a Listen stream, while the web SDK runs every
 * listener of a Firestore instance over one stream; `serveEveryTarget` fixes that here.
 */
import type { Inquiry, Model3d, QuoteRequest, Review, Visitor } from '@site/domain';
import { ListenResponse, TargetChangeTargetChangeType } from '@firestore-emulator/proto/dist/google/firestore/v1/firestore';
import { deleteApp as deleteWebApp, initializeApp as initializeWebApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore as getWebFirestore, terminate, type Firestore } from 'firebase/firestore';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startInProcessEmulator, type InProcessEmulator } from '../../../../functions/src/adapters/firestore/in-process-emulator';
import { createFirestoreStore } from '../../../../functions/src/adapters/firestore/store';
import type { Store } from '../../../../functions/src/ports/store';
import { subscribeToChanges, subscribeWhileSignedIn, type LiveSignal, type LiveStatus, type UserWatcher } from './live-changes';

type ListenRequest = Parameters<InProcessEmulator['server']['state']['v1Listen']>[0];
interface ListenCall {
  on(event: 'data', listener: (request: ListenRequest) => void): void;
  once(event: 'end', listener: () => void): void;
  write(response: ListenResponse): boolean;
}
/** The part of @grpc/grpc-js's Server that holds the method handlers (private there). */
interface GrpcServer {
  handlers: Map<string, { func: (call: ListenCall) => void }>;
}

/**
 * Serves every target a Listen stream adds (the emulator's own handler takes the first
 * request only, and throws on remove_target), and answers targets on the collections in
 * `denied` as Firestore answers a query its rules deny.
 */
function serveEveryTarget(emulator: InProcessEmulator, denied: Set<string>) {
  const grpc = (emulator.server as unknown as { server: GrpcServer }).server;
  const handler = grpc.handlers.get('/google.firestore.v1.Firestore/Listen');
  if (!handler) throw new Error('The emulator has no Listen handler');
  const state = emulator.server.state;
  handler.func = (call) => {
    const stops = new Map<number, Array<() => void>>();
    const stop = (targetId: number) => {
      for (const handler of stops.get(targetId) ?? []) handler();
      stops.delete(targetId);
    };
    call.on('data', (request) => {
      if (request.has_remove_target) return stop(request.remove_target);
      if (!request.has_add_target) return;
      const targetId = request.add_target.target_id;
      const collectionId = request.add_target.query.structured_query.from[0]?.collection_id ?? '';
      if (denied.has(collectionId)) {
        call.write(
          ListenResponse.fromObject({
            target_change: {
              target_change_type: TargetChangeTargetChangeType.REMOVE,
              target_ids: [targetId],
              cause: { code: 7, message: 'Missing or insufficient permissions.' },
            },
          }),
        );
        return;
      }
      state.v1Listen(
        request,
        (response) => call.write(response),
        (onEnd) => stops.set(targetId, [...(stops.get(targetId) ?? []), onEnd]),
      );
    });
    call.once('end', () => {
      for (const targetId of [...stops.keys()]) stop(targetId);
    });
  };
}

const projectId = `demo-web-live-${process.pid}`;
const denied = new Set<string>();
let emulator: InProcessEmulator;
let store: Store;
let db: Firestore;
const adminApp = initializeApp({ projectId }, projectId);
const webApp = initializeWebApp({ projectId, apiKey: 'demo-key' }, projectId);

beforeAll(async () => {
  emulator = await startInProcessEmulator();
  serveEveryTarget(emulator, denied);
  const adminDb = getFirestore(adminApp);
  adminDb.settings({ host: emulator.host, ssl: false });
  store = createFirestoreStore(adminDb);
  db = getWebFirestore(webApp);
  const [host, port] = emulator.host.split(':');
  connectFirestoreEmulator(db, host, Number(port));
});

afterAll(async () => {
  await terminate(db);
  await deleteWebApp(webApp);
  await deleteApp(adminApp);
  emulator?.stop();
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
  createdAt: at,
});
const quote = ({ id, at }: ReturnType<typeof next>): QuoteRequest => ({
  id,
  firstName: 'Sam',
  lastName: 'Lee',
  email: 'sam@example.com',
  suburb: 'Richmond',
  room: 'Bathroom',
  createdAt: at,
});
const review = ({ id, at }: ReturnType<typeof next>): Review => ({
  id,
  customerName: 'Jo Smith',
  rating: 5,
  reviewText: 'A beautiful new kitchen, on time and on budget.',
  approved: false,
  createdAt: at,
});
const visitor = ({ id, at }: ReturnType<typeof next>): Visitor => ({ id, page: '/', visitedAt: at });
const model = ({ id, at }: ReturnType<typeof next>, displayOrder: number): Model3d => ({
  id,
  name: 'Vanity',
  description: 'A floating bathroom vanity.',
  modelUrl: '/objects/models/vanity.glb',
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

describe('subscribeToChanges', () => {
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
    await store.inquiries.insert(inquiry(next()));
    await store.reviews.update(pending.id, { rating: 4 });
    // A listener still open would have delivered these by now (they arrive in milliseconds).
    await new Promise((done) => setTimeout(done, 300));
    expect(live.signals).toHaveLength(1);
  });

  it('after a denial listens again and sends resync once back in step', async () => {
    const live = recorder();
    const errors: string[] = [];
    denied.add('quote_requests');
    const stop = subscribeToChanges(db, live.onSignal, {
      onStatus: live.onStatus,
      onError: (error) => errors.push(error.code),
      retryDelayMs: () => 50,
    });
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2));
    expect(errors[0]).toBe('permission-denied');
    expect(live.statuses).toEqual(['connecting', 'reconnecting']);
    expect(live.signals).toEqual([]);

    denied.delete('quote_requests');
    await untilLive(live.status);
    expect(live.signals).toEqual([{ type: 'resync' }]);

    const after = next();
    await store.quotes.insert(quote(after));
    await vi.waitFor(() => expect(live.signals).toContainEqual({ type: 'change', collection: 'quote_requests', op: 'create', id: after.id }));
    stop();
  });
});

describe('subscribeWhileSignedIn', () => {
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
    await store.inquiries.insert(inquiry(next()));
    await new Promise((done) => setTimeout(done, 300));
    expect(live.signals).toEqual([{ type: 'resync' }]);

    stop();
  });
});
