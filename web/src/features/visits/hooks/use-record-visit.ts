import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { captureLeadSource } from '#web/lib/lead-source.ts';
import { recordPublicVisit } from '../api/record-visit';

// The location key of the last recorded navigation: React's development double effects and
// re-renders must not count a visit twice.
let lastKey: string | null = null;

/** Records a visit once per navigation to a public page (never /login or /admin), and where the session came from. */
export function useRecordVisit() {
  const { pathname, key } = useLocation();
  useEffect(() => {
    if (lastKey === key) return;
    lastKey = key;
    void captureLeadSource();
    recordPublicVisit(pathname);
  }, [pathname, key]);
}
