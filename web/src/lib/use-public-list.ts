import { useEffect, useSyncExternalStore } from 'react';
import type { PublicList, PublicListSnapshot } from './public-list';

/** Shows a public list, fetching it when it is not in yet (or out of date). */
export function usePublicList<T>(list: PublicList<T>): PublicListSnapshot<T> {
  // Hydration renders what the server rendered (the loading state, or data the page came
  // with), even when the data came in before React.
  const snapshot = useSyncExternalStore(list.subscribe, list.getSnapshot, list.getServerSnapshot);
  useEffect(() => {
    void list.load();
  }, [list]);
  return snapshot;
}
