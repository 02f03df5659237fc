import { liveCollections, type ChangeEvent, type ChangeOp, type LiveCollection } from '@site/domain';
import {
  collection,
  limit,
  onSnapshot,
  orderBy,
  query,
  type DocumentChangeType,
  type DocumentData,
  type Firestore,
  type FirestoreError,
  type OrderByDirection,
  type Query,
  type Unsubscribe,
} from 'firebase/firestore';
import { reconnectDelayMs } from '../reconnect-delay';

/**
 * What the live channel tells the admin dashboard: one record changed, or the channel was
 * down for a while and anything may have changed (refetch everything). Defined here, beside
 * the Firestore channel, so that lib/ needs nothing from features/; the dashboard's hook
 * re-exports both types (type-only, so the embedded build loads nothing from this folder).
 */
export type LiveSignal = ({ type: 'change' } & ChangeEvent) | { type: 'resync' };
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Each list the dashboard shows, as its API route orders it; the window is its first page.
 * Leads are the exception: staff change the status of old ones too, so their window is the
 * leads changed last (`updatedAt` is the arrival, then each status change or note), which
 * holds every new one as well.
 */
const listened: Record<LiveCollection, { field: string; direction: OrderByDirection }> = {
  project_inquiries: { field: 'updatedAt', direction: 'desc' },
  quote_requests: { field: 'updatedAt', direction: 'desc' },
  reviews: { field: 'createdAt', direction: 'desc' },
  visitor_tracking: { field: 'visitedAt', direction: 'desc' },
  models_3d: { field: 'displayOrder', direction: 'asc' },
  // Edits, publishing and reordering all stamp updatedAt, so the window holds every change.
  projects: { field: 'updatedAt', direction: 'desc' },
  // A booking's move or cancellation stamps updatedAt; a block is made or deleted, never edited.
  bookings: { field: 'updatedAt', direction: 'desc' },
  booking_blocks: { field: 'createdAt', direction: 'desc' },
};
export const listenLimit = 50;

export function liveQuery(db: Firestore, name: LiveCollection): Query {
  const { field, direction } = listened[name];
  return query(collection(db, name), orderBy(field, direction), limit(listenLimit));
}

/**
 * 'removed' also covers a record that only left the window, pushed past the 50 newest by a
 * new one. For the dashboard both mean the same: the first page of that list changed.
 */
const ops: Record<DocumentChangeType, ChangeOp> = { added: 'create', modified: 'update', removed: 'delete' };

/** An older lead that enters the leads' window because staff just changed it is an update, not a new lead. */
function opOf(type: DocumentChangeType, data: DocumentData): ChangeOp {
  if (type === 'added' && typeof data.updatedAt === 'string' && data.updatedAt !== data.createdAt) return 'update';
  return ops[type];
}

export interface SubscribeOptions {
  onStatus?: (status: LiveStatus) => void;
  /** Every error that ended the listeners (then they are opened again); a missing index's names the fix. */
  onError?: (error: FirestoreError) => void;
  /** Send `resync` once the first listening is in step too (the caller listened before). */
  resyncFirst?: boolean;
  /** The wait before listening again after the listeners' `attempt`th failure in a row. */
  retryDelayMs?: (attempt: number) => number;
}

/**
 * Listens to the five admin lists (the rules let only the admin's Firebase Auth user do so)
 * and turns their `docChanges()` into `change` signals. A listener's first server snapshot
 * holds the whole window as 'added': that is the state the dashboard has just fetched, not a
 * change, so it is skipped. Firestore ends every listener of a query that fails (rules
 * denied, a missing index); then all five are closed and opened again with backoff, and
 * once they are all in step again `resync` stands for whatever happened meanwhile (sent
 * then rather than at the failure, so nothing between the refetch and the new listeners is lost).
 * Status: `connecting` until every list is in step, `live`, `reconnecting` while listening
 * again or while Firestore serves from its cache (offline); the SDK resumes by itself then
 * and delivers what changed as ordinary changes.
 */
export function subscribeToChanges(db: Firestore, onSignal: (signal: LiveSignal) => void, options: SubscribeOptions = {}): Unsubscribe {
  const { onStatus, onError, retryDelayMs = reconnectDelayMs } = options;
  let resyncWhenInStep = options.resyncFirst ?? false;
  let stopListeners: Unsubscribe[] = [];
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;
  let wasInStep = false;
  let status: LiveStatus | null = null;
  const report = (next: LiveStatus) => {
    if (next !== status) onStatus?.((status = next));
  };

  const listen = () => {
    const inStep = new Set<LiveCollection>();
    const offline = new Set<LiveCollection>();
    let failed = false;
    const update = () => {
      if (inStep.size < liveCollections.length) report(wasInStep || resyncWhenInStep ? 'reconnecting' : 'connecting');
      else report(offline.size > 0 ? 'reconnecting' : 'live');
    };
    update();

    stopListeners = liveCollections.map((name) =>
      onSnapshot(
        liveQuery(db, name),
        { includeMetadataChanges: true },
        (snapshot) => {
          if (failed || stopped) return;
          if (!inStep.has(name)) {
            // Until the server has answered, there is only the (empty) cache.
            if (snapshot.metadata.fromCache) return;
            inStep.add(name);
            if (inStep.size === liveCollections.length) {
              failures = 0;
              wasInStep = true;
              if (resyncWhenInStep) {
                resyncWhenInStep = false;
                onSignal({ type: 'resync' });
              }
            }
          } else {
            for (const change of snapshot.docChanges()) {
              onSignal({ type: 'change', collection: name, op: opOf(change.type, change.doc.data()), id: change.doc.id });
            }
            if (snapshot.metadata.fromCache) offline.add(name);
            else offline.delete(name);
          }
          update();
        },
        (error) => {
          if (failed || stopped) return;
          failed = true;
          for (const stop of stopListeners) stop();
          stopListeners = [];
          onError?.(error);
          resyncWhenInStep = true;
          report('reconnecting');
          retryTimer = setTimeout(listen, retryDelayMs(failures));
          failures += 1;
        },
      ),
    );
  };

  listen();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    for (const stop of stopListeners) stop();
    stopListeners = [];
  };
}

/** Calls `next` with the signed-in user's uid or null, now and after each change; answers a stop function. */
export type UserWatcher = (next: (uid: string | null) => void) => Unsubscribe;

/**
 * The listeners for the signed-in user: none while nobody is signed in (the rules would deny
 * them; status `reconnecting`, so the dashboard checks its session), new ones whenever the
 * user changes, each set after the first sending `resync` once in step.
 */
export function subscribeWhileSignedIn(
  watchUser: UserWatcher,
  db: Firestore,
  onSignal: (signal: LiveSignal) => void,
  options: Omit<SubscribeOptions, 'resyncFirst'> = {},
): Unsubscribe {
  let current: Unsubscribe | null = null;
  let currentUid: string | null | undefined;
  let listenedBefore = false;
  const stopWatching = watchUser((uid) => {
    // Token refreshes call back with the same user: nothing to do.
    if (uid === currentUid) return;
    currentUid = uid;
    current?.();
    current = null;
    if (uid === null) {
      options.onStatus?.('reconnecting');
      return;
    }
    current = subscribeToChanges(db, onSignal, { ...options, resyncFirst: listenedBefore });
    listenedBefore = true;
  });
  return () => {
    stopWatching();
    current?.();
    current = null;
  };
}
