import { useEffect, useSyncExternalStore } from 'react';
import { pendingSnapshot, type PublicList, type PublicListSnapshot } from './public-list';

// Hydration renders the prerendered loading state, even when the data came in before React.
const serverSnapshot = () => pendingSnapshot;

/** Shows a public list, fetching it when it is not in yet (or out of date). */
export function usePublicList<T>(list: PublicList<T>): PublicListSnapshot<T> {
  const snapshot = useSyncExternalStore(list.subscribe, list.getSnapshot, serverSnapshot);
  useEffect(() => {
    void list.load();
  }, [list]);
  return snapshot;
}
