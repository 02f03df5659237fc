import type { ChangeEvent, LiveCollection } from '@site/domain';
import { useQueryClient, type Query, type QueryCache, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { publicProjects, publicReviews } from '#web/lib/public-lists.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';
import { useLiveChanges, type LiveSignal } from './use-live-changes';

/** The collections whose records have emails and SMS about them. */
const leadCollections = new Set<LiveCollection>(['project_inquiries', 'quote_requests', 'reviews']);

/** The collections the Calendar tab shows: a booking made, moved or cancelled, or a block added or removed, refreshes the week shown. */
const calendarCollections = new Set<LiveCollection>(['bookings', 'booking_blocks']);

/** At most one refetch of a list per window; the first change is fetched at once. */
const windowMs = 250;

/**
 * Marks what the key names stale and fetches again what is shown. A query's first fetch still
 * under way began before the change and may have read the list without it: TanStack Query
 * refetches over a fetch under way only when the query already holds data, and otherwise hands
 * the invalidation that earlier fetch's answer, which then counts as fresh (a tab opened just as
 * a review arrived showed "No reviews yet" beside "Reviews (1)"). Such a query is invalidated
 * again once its first answer is in. It is not cancelled: a caller awaiting it (a prefetch, a
 * `fetchQuery`) gets its answer.
 */
export async function refetchAfterChange(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  const cache = queryClient.getQueryCache();
  const firstReads = cache.findAll({
    queryKey,
    predicate: (query) => query.state.data === undefined && query.state.fetchStatus === 'fetching',
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey }),
    ...firstReads.map(async (query) => {
      await settled(cache, query);
      if (cache.get(query.queryHash) === query) await queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }),
  ]);
}

/** Resolves once the query has no fetch under way (or has left the cache). */
function settled(cache: QueryCache, query: Query): Promise<void> {
  return new Promise((resolve) => {
    const done = () => query.state.fetchStatus === 'idle' || cache.get(query.queryHash) !== query;
    if (done()) return resolve();
    const stop = cache.subscribe((event) => {
      if (event.query === query && done()) {
        stop();
        resolve();
      }
    });
  });
}

/**
 * Keeps every admin list and its count current: a live change refetches the list it names
 * (the first page carries the new record and X-Total-Count), and bursts are coalesced so a
 * flood of visits cannot keep a list refetching forever. `onChange` hears of each change
 * first (the visitors' chart counts a new visit without a refetch).
 */
export function useLiveSync(onChange?: (change: ChangeEvent) => void) {
  const queryClient = useQueryClient();
  const timers = useRef(new Map<LiveCollection, { timer: ReturnType<typeof setTimeout>; dirty: boolean }>());

  const refresh = useCallback(
    (collection: LiveCollection) => {
      void refetchAfterChange(queryClient, adminKeys.list(collection));
      if (collection === 'reviews') void publicReviews.refresh();
      if (collection === 'projects') void publicProjects.refresh();
      if (calendarCollections.has(collection)) void refetchAfterChange(queryClient, adminKeys.calendars);
      // A lead's change may be one of its messages sent or failed, which moves the delivery warning.
      if (leadCollections.has(collection)) void refetchAfterChange(queryClient, adminKeys.deliveryStatus);
      // A lead that arrived, changed status or went moves the header's waiting count and median.
      if (collection === 'project_inquiries' || collection === 'quote_requests') void refetchAfterChange(queryClient, adminKeys.leadStats);
    },
    [queryClient],
  );

  const schedule = useCallback(
    function schedule(collection: LiveCollection) {
      const pending = timers.current.get(collection);
      if (pending) {
        pending.dirty = true;
        return;
      }
      refresh(collection);
      const entry = {
        dirty: false,
        timer: setTimeout(() => {
          timers.current.delete(collection);
          if (entry.dirty) schedule(collection);
        }, windowMs),
      };
      timers.current.set(collection, entry);
    },
    [refresh],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const onSignal = useCallback(
    (signal: LiveSignal) => {
      if (signal.type === 'resync') {
        void refetchAfterChange(queryClient, adminKeys.all);
        return;
      }
      onChange?.(signal);
      schedule(signal.collection);
    },
    [queryClient, schedule, onChange],
  );

  return useLiveChanges(onSignal);
}
