import { tz } from '@date-fns/tz';
import { businessTimeZone } from '@site/domain/business-hours';
import { format, formatDistance } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';

/**
 * Every date staff read, in one place: Australian English on Melbourne's clock ("5 January 2025
 * at 3:04 pm") whatever zone their browser is in, so a lead that came in at 11 pm is on the day
 * the business saw it. The public review cards' date is in ./public-dates.ts, without date-fns:
 * a module shares its imports with every page that imports it.
 */

type Instant = string | Date;

const inMelbourne = { locale: enAU, in: tz(businessTimeZone) };

/** "5 January 2025 at 3:04 pm": the long format with time every staff screen shows. */
export const formatDateTime = (instant: Instant) => format(instant, "d MMMM yyyy 'at' h:mm aaa", inMelbourne);

/** "3:04 pm": the time of day on Melbourne's clock. */
export const formatTime = (instant: Instant) => format(instant, 'h:mm aaa', inMelbourne);

/** "Tuesday 1 December at 9:30 am": a visit's day and time, the way a customer's booking reads. */
export const formatVisitTime = (instant: Instant) => format(instant, "EEEE d MMMM 'at' h:mm aaa", inMelbourne);

/** "5 January 2025": the day alone, on Melbourne's calendar. */
export const formatDate = (instant: Instant) => format(instant, 'd MMMM yyyy', inMelbourne);

/** "about 3 hours ago", "in 5 minutes": how long before or after `now`. */
export const formatTimeAgo = (instant: Instant, now: Instant = new Date()) =>
  formatDistance(instant, now, { locale: enAU, addSuffix: true });

/** "2025-01-05 15:04:05" in Melbourne: a form every spreadsheet reads as a date and time. */
export const formatSpreadsheetTime = (instant: Instant) => format(instant, 'yyyy-MM-dd HH:mm:ss', inMelbourne);

/** "2025-01-05": the Melbourne day an instant falls on, as the server's daily counts and file names write it. */
export const melbourneDay = (instant: Instant) => format(instant, 'yyyy-MM-dd', inMelbourne);

const dayForms = { long: 'd MMMM', short: 'd MMM', weekday: 'EEE d MMM', full: 'EEEE d MMMM yyyy' } as const;

/**
 * A calendar day ("2025-01-05", no time and so no zone) as "5 January" (long), "5 Jan" (short),
 * "Sun 5 Jan" (weekday) or "Sunday 5 January 2025" (full).
 */
export function formatDay(day: string, form: keyof typeof dayForms): string {
  const [year, month, date] = day.split('-').map(Number);
  return format(new Date(year, month - 1, date, 12), dayForms[form], { locale: enAU });
}
