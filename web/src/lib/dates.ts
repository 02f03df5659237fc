import { tz } from '@date-fns/tz';
import { businessTimeZone } from '@site/domain/calendar';
import { format, formatDistance } from 'date-fns';
import { enAU } from 'date-fns/locale/en-AU';

/**
 * Every date the site shows, in one place, on Melbourne's clock whatever zone the browser is
 * in, so a lead that came in at 11 pm is on the day the business saw it.
 *
 * Staff screens and the customer's project page use these, date-fns with @date-fns/tz
 * (Australian English: "5 January 2025 at 3:04 pm"). The public pages' own script and islands
 * import ./public-dates.ts (re-exported here), built on the browser's Intl and two name
 * tables: the bundler keeps a module whole in one chunk, so public code importing this one
 * put date-fns into the chunk every public island loads (measured: 34.6 to 42.5 KB gzip).
 */

type Instant = string | Date;

const inMelbourne = { locale: enAU, in: tz(businessTimeZone) };

/** "5 January 2025 at 3:04 pm": the long format with time every staff screen shows. */
export const formatDateTime = (instant: Instant) => format(instant, "d MMMM yyyy 'at' h:mm aaa", inMelbourne);

/** "3:04 pm": the time of day on Melbourne's clock. */
export const formatTime = (instant: Instant) => format(instant, 'h:mm aaa', inMelbourne);

/** "5 pm", "9:30 am": the time of day without minutes on the hour. */
export const formatShortTime = (instant: Instant) => format(instant, 'h:mm aaa', inMelbourne).replace(':00', '');

/** "Tuesday 1 December at 9:30 am": a visit's day and time, the way a customer's booking reads. */
export const formatVisitTime = (instant: Instant) => format(instant, "EEEE d MMMM 'at' h:mm aaa", inMelbourne);

/** "5 January 2025": the day alone, on Melbourne's calendar. */
export const formatDate = (instant: Instant) => format(instant, 'd MMMM yyyy', inMelbourne);

/** "Thursday 3 December": a day with its weekday, no year. */
export const formatWeekdayDay = (instant: Instant) => format(instant, 'EEEE d MMMM', inMelbourne);

/** "Monday 7 December 2026": a day with its weekday and year. */
export const formatWeekdayDate = (instant: Instant) => format(instant, 'EEEE d MMMM yyyy', inMelbourne);

/** "about 3 hours ago", "in 5 minutes": how long before or after `now`. */
export const formatTimeAgo = (instant: Instant, now: Instant = new Date()) =>
  formatDistance(instant, now, { locale: enAU, addSuffix: true });

/** "2025-01-05 15:04:05" in Melbourne: a form every spreadsheet reads as a date and time. */
export const formatSpreadsheetTime = (instant: Instant) => format(instant, 'yyyy-MM-dd HH:mm:ss', inMelbourne);

/** "2025-01-05": the Melbourne day an instant falls on, as the server's daily counts and file names write it. */
export const melbourneDay = (instant: Instant) => format(instant, 'yyyy-MM-dd', inMelbourne);

const dayForms = { long: 'd MMMM', short: 'd MMM', weekday: 'EEE d MMM', full: 'EEEE d MMMM yyyy', date: 'd MMMM yyyy' } as const;

/**
 * A calendar day ("2025-01-05", no time and so no zone) as "5 January" (long), "5 Jan" (short),
 * "Sun 5 Jan" (weekday), "Sunday 5 January 2025" (full) or "5 January 2025" (date).
 */
export function formatDay(day: string, form: keyof typeof dayForms): string {
  const [year, month, date] = day.split('-').map(Number);
  return format(new Date(year, month - 1, date, 12), dayForms[form], { locale: enAU });
}

export * from './public-dates';
