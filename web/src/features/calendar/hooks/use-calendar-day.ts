import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { isDay } from '../lib/melbourne-time';

/**
 * The day the calendar shows (its week on a desktop), in `?day=` beside `?tab=`, so a reload or
 * a link (a lead's "Site measure") opens it there; null when the address names none (the tab
 * then opens on the next day with a visit). Moving between days replaces the history entry:
 * the back button leaves the calendar.
 */
/** The day an address's `?day=` names, or null when it names none or no real day. */
export const calendarDayOf = (params: URLSearchParams): string | null => {
  const asked = params.get('day');
  return isDay(asked) ? asked : null;
};

export function useCalendarDay(): [string | null, (day: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
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
  return [calendarDayOf(searchParams), setDay];
}
