import { liveCollections, type ChangeEvent } from '@site/domain';
import { useEffect, useRef, useState } from 'react';
import type { LiveSignal, LiveStatus } from '#web/lib/firebase/live-changes.ts';
import { reconnectDelayMs } from '#web/lib/reconnect-delay.ts';

// The build-time switch (see lib/firebase/app.ts): written out in each module that loads
// Firebase code, so that the embedded build drops that code.
const firebaseBackend = import.meta.env.VITE_BACKEND === 'firebase';

// Defined beside the Firestore channel; a type-only import, so nothing of it is bundled here.
export type { LiveSignal, LiveStatus };

const ops = new Set(['create', 'update', 'delete']);
const collections = new Set<string>(liveCollections);

function parseChange(data: string): ChangeEvent | null {
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value !== 'object' || value === null) return null;
    const { collection, op, id } = value as Record<string, unknown>;
    if (typeof collection !== 'string' || !collections.has(collection)) return null;
    if (typeof op !== 'string' || !ops.has(op)) return null;
    return { collection, op, id: typeof id === 'string' ? id : '' } as ChangeEvent;
  } catch {
    return null;
  }
}

/**
 * The embedded build's live channel: Server-Sent Events from /api/events.
 *
 * The browser's EventSource retries by itself after a dropped connection, but gives up for good
 * when the server answers with an error (for instance 401 after a restart lost the session);
 * then this hook opens a new one with backoff. Every reopening after the first sends `resync`,
 * because events sent while it was down are lost.
 */
function useServerSentChanges(handler: (signal: LiveSignal) => void): LiveStatus {
  const handlerRef = useLatest(handler);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let attempts = 0;
    let openedBefore = false;
    let disposed = false;

    const connect = () => {
      source = new EventSource('/api/events', { withCredentials: true });
      source.addEventListener('open', () => {
        attempts = 0;
        setStatus('live');
        if (openedBefore) handlerRef.current({ type: 'resync' });
        openedBefore = true;
      });
      source.addEventListener('change', (event: MessageEvent<string>) => {
        const change = parseChange(event.data);
        if (change) handlerRef.current({ type: 'change', ...change });
      });
      source.addEventListener('error', () => {
        if (disposed) return;
        setStatus('reconnecting');
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retryTimer = setTimeout(connect, reconnectDelayMs(attempts));
          attempts += 1;
        }
      });
    };

    connect();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [handlerRef]);

  return status;
}

/**
 * The Firebase build's live channel: Firestore listeners (lib/firebase/live-changes.ts),
 * loaded with the Firebase SDK on first use. Same signals, same statuses.
 */
function useFirestoreChanges(handler: (signal: LiveSignal) => void): LiveStatus {
  const handlerRef = useLatest(handler);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    let stop: (() => void) | undefined;
    let disposed = false;
    import('#web/lib/firebase/live-channel.ts')
      .then(({ openLiveChannel }) =>
        openLiveChannel((signal) => handlerRef.current(signal), {
          onStatus: setStatus,
          // Rules denied (signed out meanwhile) or an index is missing: the message says which.
          onError: (error) => console.warn('Live updates stopped; listening again.', error),
        }),
      )
      .then((unsubscribe) => {
        if (disposed) unsubscribe();
        else stop = unsubscribe;
      })
      .catch((error: unknown) => {
        // The SDK or the web config did not load: the dashboard still works, without live updates.
        console.warn('Live updates are unavailable.', error);
        if (!disposed) setStatus('reconnecting');
      });
    return () => {
      disposed = true;
      stop?.();
    };
  }, [handlerRef]);

  return status;
}

function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/**
 * The admin dashboard's live channel: each way of running supplies its own, with the same
 * signature and signals. The switch is a build-time constant, so the one not chosen (and, in
 * the embedded build, the Firebase SDK) is not in the bundle.
 */
export const useLiveChanges: (handler: (signal: LiveSignal) => void) => LiveStatus = firebaseBackend
  ? useFirestoreChanges
  : useServerSentChanges;
