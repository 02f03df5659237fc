/**
 * The business's calendar, with no date library: the public pages read the time zone and the
 * closures in the browser, and the home page's first download must not carry a time-zone
 * database for that (the hours arithmetic with daylight saving is in ./business-hours).
 */

/** Where the business is, and so the clock its hours are read on. */
export const businessTimeZone = 'Australia/Melbourne';

/** The days of the week, Sunday first (as Date.getDay and the settings' week count them). */
export const dayNames = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The months, January first (as Date.getMonth counts them). */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "28 November 2026": a day as the business sees it, in Melbourne (the domain's one date format, for its messages). */
export const businessDate = (at: string | Date): string =>
  new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: businessTimeZone }).format(new Date(at));

/** The closure a Melbourne date (yyyy-MM-dd) falls in, if any. */
export function closureOn<T extends { from: string; to: string }>(date: string, closures: ReadonlyArray<T> | undefined): T | undefined {
  return closures?.find((closure) => closure.from <= date && date <= closure.to);
}

/** An opening range on one day, wall-clock time in Melbourne ("08:00" to "17:30"). */
export interface OpeningRange {
  from: string;
  to: string;
}

/** Days the business is closed: public holidays, a Christmas shutdown. Dates are Melbourne days, `to` included. */
export interface Closure {
  from: string;
  to: string;
  label: string;
}
