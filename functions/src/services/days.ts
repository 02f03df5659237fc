/**
 * The server's dates: calendar days in a named time zone with their start instants (DST
 * included), and every date a message, PDF or check writes, in Australian English on the
 * business's clock (date-fns with @date-fns/tz, so the words do not depend on Node's ICU).
 */
import { TZDate, tz } from '@date-fns/tz';
import { businessTimeZone } from '@site/domain/business-hours';
// Each function from its own module: date-fns's index loads all of its several hundred, which
// took seconds at the server's start (docs/decisions/032-server-speed.md).
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { enAU } from 'date-fns/locale/en-AU';
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

type Instant = Date | string | number;

const inBusinessZone = { locale: enAU, in: tz(businessTimeZone) };

const minute = 60_000;

/**
 * `pattern` (at most minute precision) on Melbourne's clock, remembering the last minute it
 * wrote: date-fns's zoned format costs about 40 µs, and every message of a burst of inquiries
 * writes the same minute (as Node's HTTP server keeps its Date header for a second). Melbourne's
 * offsets have been whole minutes since 1895, so one UTC minute is one local minute.
 */
function businessFormat(pattern: string): (at: Instant) => string {
  let lastMinute = NaN;
  let last = '';
  return (at) => {
    const date = new Date(at);
    const key = Math.floor(date.getTime() / minute);
    if (key !== lastMinute) {
      last = format(date, pattern, inBusinessZone);
      lastMinute = key;
    }
    return last;
  };
}

/** "5 January 2025 at 3:04 pm": the long format with time that staff read everywhere, in Melbourne time. */
export const formatDateTime = businessFormat("d MMMM yyyy 'at' h:mm aaa");

/** "5 January 2025": the day alone, on Melbourne's calendar. */
export const formatDate = businessFormat('d MMMM yyyy');

/** "Monday 1 February 2027": a day with its weekday, on Melbourne's calendar. */
export const formatWeekdayDate = businessFormat('EEEE d MMMM yyyy');

/** "2025-01-05": the Melbourne day an instant falls on. */
export const businessDay = businessFormat('yyyy-MM-dd');
