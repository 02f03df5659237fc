import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isDay } from '../lib/melbourne-time';

/**
 * The day the calendar shows (its week on a desktop), in `?day=` beside `?tab=`, so a reload or
 * a link (a lead's "Site measure") opens it there; null when the address names none (the tab
 * then opens on the next day with a visit). Moving between days replaces the history entry:
 * the back button leaves the calendar.
 */
export function useCalendarDay(): [string | null, (day: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('day');
  const setDay = useCallback(
    (next: string) =>
      setSearchParams(
        (params) => {
          const updated = new URLSearchParams(params);
          updated.set('day', next);
          return updated;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  return [isDay(asked) ? asked : null, setDay];
}
