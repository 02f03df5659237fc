import { TZDate } from '@date-fns/tz';
import type { OpeningRange } from '@site/domain';
import { businessTimeZone } from '@site/domain/business-hours';

/**
 * The calendar's arithmetic on Melbourne's clock, whatever zone the browser is in: days are
 * `yyyy-MM-dd` strings of Melbourne's calendar, times of day are minutes after its midnight,
 * and instants travel as ISO strings in UTC as the API speaks them.
 */

const utcNoon = (day: string) => new Date(`${day}T12:00:00Z`);

/** The day `count` days after (or before) `day`. */
export function addDays(day: string, count: number): string {
  const date = utcNoon(day);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The Monday of the week `day` is in: a week reads Monday to Sunday in Australia. */
export function mondayOf(day: string): string {
  const weekday = utcNoon(day).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** 0 for Sunday to 6 for Saturday, as the booking settings' week counts. */
export const weekdayOf = (day: string) => utcNoon(day).getUTCDay();

/** The seven days of the week that starts on `monday`. */
export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** Whether a string is a real `yyyy-MM-dd` day. */
export const isDay = (value: string | null): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(utcNoon(value).getTime()) && utcNoon(value).toISOString().startsWith(value);

/**
 * The instant a Melbourne day and wall-clock time ("09:30") name, as an ISO string, or `''`
 * when either is missing or malformed. In the hour the clocks go back, the first of the two.
 */
export function melbourneInstant(day: string, time: string): string {
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!isDay(day) || !timeMatch) return '';
  const [year, month, date] = day.split('-').map(Number);
  const instant = new TZDate(year, month - 1, date, Number(timeMatch[1]), Number(timeMatch[2]), businessTimeZone);
  return Number.isNaN(instant.getTime()) ? '' : new Date(instant.getTime()).toISOString();
}

/** When a Melbourne day starts, as an ISO instant. */
export const dayStart = (day: string) => melbourneInstant(day, '00:00');

/** An instant's wall-clock time in Melbourne as "HH:mm", for a time field. */
export function melbourneClock(instant: string): string {
  const date = new TZDate(instant, businessTimeZone);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** Minutes after the start of `day` in Melbourne (negative before it, past 1440 after it; a day of 23 or 25 hours keeps the clock's reading). */
export function minutesInto(day: string, instant: string): number {
  const startMs = Date.parse(dayStart(day));
  const nextMs = Date.parse(dayStart(addDays(day, 1)));
  const ms = Date.parse(instant);
  if (ms <= startMs) return (ms - startMs) / 60_000;
  if (ms >= nextMs) return 1440 + (ms - nextMs) / 60_000;
  const [hours, minutes] = melbourneClock(instant).split(':').map(Number);
  return hours * 60 + minutes;
}

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours * 60 + minutes;
};

/**
 * The hours a week view shows: from the earliest to the latest bookable hour of the week,
 * widened to whole hours and to take in anything placed outside them (a visit booked before
 * the hours changed, a block); 8 am to 5 pm when the week has no hours at all.
 */
export function visibleHours(weekly: readonly (readonly OpeningRange[])[], placed: readonly { from: number; to: number }[]) {
  const ranges = weekly.flat().map((range) => ({ from: minutesOf(range.from), to: minutesOf(range.to) }));
  const all = [...ranges, ...placed.map((item) => ({ from: Math.max(0, item.from), to: Math.min(1440, item.to) }))];
  if (all.length === 0) return { from: 8 * 60, to: 17 * 60 };
  const from = Math.floor(Math.min(...all.map((range) => range.from)) / 60) * 60;
  const to = Math.ceil(Math.max(...all.map((range) => range.to)) / 60) * 60;
  return { from, to: Math.max(to, from + 60) };
}
