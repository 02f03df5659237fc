import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { publicPaths } from '../../../config/paths';
import { recordVisit } from '../api/record-visit';

const tracked = new Set<string>(publicPaths);
// The location key of the last recorded navigation: React's development double effects and
// re-renders must not count a visit twice.
let lastKey: string | null = null;

/** Records a visit once per navigation to a public page (never /login or /admin). */
export function useRecordVisit() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (lastKey === key) return;
    lastKey = key;
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (tracked.has(page)) recordVisit({ page });
  }, [pathname, key]);
}
