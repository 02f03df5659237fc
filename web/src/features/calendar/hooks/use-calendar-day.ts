import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { melbourneDay } from '../../../lib/dates';
import { isDay } from '../lib/melbourne-time';

/**
 * The day the calendar shows (its week on a desktop), in `?day=` beside `?tab=`, so a reload or
 * a link (a lead's "Site measure") opens it there; today in Melbourne when absent. Moving
 * between days replaces the history entry: the back button leaves the calendar.
 */
export function useCalendarDay(): [string, (day: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('day');
  const day = isDay(asked) ? asked : melbourneDay(new Date());
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
  return [day, setDay];
}
