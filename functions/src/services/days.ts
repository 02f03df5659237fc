/** Calendar days in a named time zone, with their start instants, DST included. */
import { TZDate, tz } from '@date-fns/tz';
// Each function from its own module: date-fns's index loads all of its several hundred, which
// took seconds at the server's start (docs/decisions/032-server-speed.md).
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { startOfDay } from 'date-fns/startOfDay';
import { subDays } from 'date-fns/subDays';

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export interface DayWindow {
  /** yyyy-MM-dd in the zone */
  day: string;
  from: Date;
  to: Date;
}

/** The last `count` days in the zone, oldest first, ending with today. */
export function lastDays(now: Date, count: number, timeZone: string): DayWindow[] {
  const inZone = { in: tz(timeZone) };
  const today = startOfDay(new TZDate(now, timeZone), inZone);
  const days: DayWindow[] = [];
  for (let back = count - 1; back >= 0; back--) {
    // Day arithmetic on a zoned date keeps local midnight, so a 23- or 25-hour day ends where the next begins.
    const from = subDays(today, back, inZone);
    const to = addDays(from, 1, inZone);
    days.push({ day: format(from, 'yyyy-MM-dd', inZone), from: new Date(from.getTime()), to: new Date(to.getTime()) });
  }
  return days;
}
