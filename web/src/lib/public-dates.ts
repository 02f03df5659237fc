import { businessTimeZone } from '@site/domain/calendar';

export { dayNames, monthNames } from '@site/domain/calendar';

/**
 * The dates the public pages print, and the day and month names (the domain's calendar's): Intl
 * rather than date-fns, which would be in every public island's download otherwise (the staff and
 * customer dates are in ./dates.ts, which re-exports these). Melbourne's calendar, so the
 * prerendered page and the browser agree wherever the visitor is.
 */

type Instant = string | Date;

/**
 * A formatter made when first used, not when the module loads: building one reads its locale's
 * and the time zone's data (about 40 ms for these four on a phone, measured in the dashboard's
 * start-up, which imports this module and formats none of them).
 */
const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const parts = (formatter: Intl.DateTimeFormat, instant: Instant) => {
  const found = formatter.formatToParts(new Date(instant));
  return (type: Intl.DateTimeFormatPartTypes) => found.find((p) => p.type === type)?.value ?? '';
};

// 'MMMM d, yyyy' (domain reviewDateFormat): en-US writes exactly that.
const reviewDate = once(
  () => new Intl.DateTimeFormat('en-US', { timeZone: businessTimeZone, month: 'long', day: 'numeric', year: 'numeric' }),
);

/** "January 5, 2025": the date on the public review cards, as the spec gives it. */
export const formatPublicReviewDate = (instant: Instant) => reviewDate().format(new Date(instant));

const isoDate = once(
  () => new Intl.DateTimeFormat('en-CA', { timeZone: businessTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
);

/** Today's date in Melbourne (yyyy-MM-dd), the calendar the business's closures are on. */
export function melbourneToday(now = new Date()): string {
  const part = parts(isoDate(), now);
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const visitWhen = once(
  () =>
    new Intl.DateTimeFormat('en-AU', {
      timeZone: businessTimeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    }),
);
const zone = once(() => new Intl.DateTimeFormat('en-AU', { timeZone: businessTimeZone, timeZoneName: 'short' }));

/** "Tuesday 1 December": the day of a visit time the booking island offers. */
export function melbourneDayLabel(instant: string): string {
  const part = parts(visitWhen(), instant);
  return `${part('weekday')} ${part('day')} ${part('month')}`;
}

/** "9:30 am": the time of a visit time the booking island offers. */
export function melbourneTimeLabel(instant: string): string {
  const part = parts(visitWhen(), instant);
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`;
}

/** AEDT in summer, AEST in winter: Melbourne's zone at that instant. */
export const melbourneZoneName = (instant: string): string => parts(zone(), instant)('timeZoneName') || 'AEST';
