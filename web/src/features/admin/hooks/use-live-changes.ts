import { liveCollections, type ChangeEvent } from '@site/domain';
import { useEffect, useRef, useState } from 'react';

/**
 * What the live channel tells the dashboard: one record changed, or the channel was down for
 * a while and anything may have changed (refetch everything).
 */
export type LiveSignal = ({ type: 'change' } & ChangeEvent) | { type: 'resync' };
export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

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

const maxBackoffMs = 30_000;

/**
 * The admin dashboard's live channel, in one place so each way of running can supply its own:
 * this is the embedded build's, Server-Sent Events from /api/events. The Firebase build gives
 * this same hook (same signature, same signals) an implementation on Firestore `onSnapshot`.
 *
 * The browser's EventSource retries by itself after a dropped connection, but gives up for good
 * when the server answers with an error (for instance 401 after a restart lost the session);
 * then this hook opens a new one with backoff. Every reopening after the first sends `resync`,
 * because events sent while it was down are lost.
 */
export function useLiveChanges(handler: (signal: LiveSignal) => void): LiveStatus {
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
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
          const delay = Math.min(maxBackoffMs, 1000 * 2 ** attempts);
          attempts += 1;
          retryTimer = setTimeout(connect, delay);
        }
      });
    };

    connect();
    return () => {
      disposed = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, []);

  return status;
}
