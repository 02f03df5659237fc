import { closureOn, type Closure, type OpeningRange, type PublicSettings } from '@site/domain';
import { dayNames, monthNames } from './public-dates';

/**
 * The business's hours in words and for search engines, from the settings' week (Sunday
 * first) and closures. The day and month names are lib/public-dates.ts's tables rather than Intl's,
 * so the server (Node's ICU) and the browser render the very same text and hydration matches.
 */

/** Monday first, as a week reads in Australia. */
const weekOrder = [1, 2, 3, 4, 5, 6, 0];

/** "08:00" as "8:00 am", "17:30" as "5:30 pm", "24:00" as "midnight". */
export function timeText(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  if (hours === 24 || (hours === 0 && minutes === 0)) return 'midnight';
  if (hours === 12 && minutes === 0) return 'midday';
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;
}

const rangesText = (ranges: readonly OpeningRange[]) =>
  ranges.length ? ranges.map((range) => `${timeText(range.from)} to ${timeText(range.to)}`).join(', ') : 'Closed';

/** Consecutive days with the same hours, Monday first: each group's days (indexes, Sunday 0) and ranges. */
function dayGroups(weekly: readonly (readonly OpeningRange[])[]) {
  const groups: { days: number[]; ranges: readonly OpeningRange[] }[] = [];
  for (const day of weekOrder) {
    const ranges = weekly[day] ?? [];
    const last = groups.at(-1);
    if (last && rangesText(last.ranges) === rangesText(ranges)) last.days.push(day);
    else groups.push({ days: [day], ranges });
  }
  return groups;
}

/** The week as lines: "Monday to Friday", "8:00 am to 5:30 pm"; "Saturday and Sunday", "Closed". */
export function openingHoursLines(weekly: readonly (readonly OpeningRange[])[]): { days: string; hours: string }[] {
  return dayGroups(weekly).map(({ days, ranges }) => {
    const [first, last] = [dayNames[days[0]], dayNames[days[days.length - 1]]];
    const daysText = days.length === 1 ? first : days.length === 2 ? `${first} and ${last}` : `${first} to ${last}`;
    return { days: daysText, hours: rangesText(ranges) };
  });
}

/** schema.org's openingHoursSpecification: each opening range with its days, and each closure as closed all day. */
export function openingHoursSpecification(hours: PublicSettings['hours']) {
  const weekly = dayGroups(hours.weekly).flatMap(({ days, ranges }) =>
    ranges.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: days.map((day) => dayNames[day]),
      opens: range.from,
      closes: range.to === '24:00' ? '23:59' : range.to,
    })),
  );
  // Google reads a day's opens and closes both at 00:00 as closed that day.
  const closed = hours.closures.map((closure) => ({
    '@type': 'OpeningHoursSpecification',
    validFrom: closure.from,
    validThrough: closure.to,
    opens: '00:00',
    closes: '00:00',
  }));
  return [...weekly, ...closed];
}

const utcDay = (date: string) => new Date(`${date}T00:00:00Z`);
const isoDay = (day: Date) => day.toISOString().slice(0, 10);

/** "Monday 4 January" for 2027-01-04. */
export function dateText(date: string): string {
  const day = utcDay(date);
  return `${dayNames[day.getUTCDay()]} ${day.getUTCDate()} ${monthNames[day.getUTCMonth()]}`;
}

/** The first day after `date` with opening hours and no closure, within two months; none when the week has no hours. */
function reopeningAfter(date: string, hours: PublicSettings['hours']): string | undefined {
  const day = utcDay(date);
  for (let i = 0; i < 62; i++) {
    day.setUTCDate(day.getUTCDate() + 1);
    const next = isoDay(day);
    if ((hours.weekly[day.getUTCDay()] ?? []).length && !closureOn(next, hours.closures)) return next;
  }
  return undefined;
}

/**
 * What the footer says on a day the business is closed for a closure: "Closed for Christmas
 * shutdown until Monday 4 January, open again Tuesday 5 January". Undefined on other days.
 */
export function closureNotice(today: string, hours: PublicSettings['hours']): string | undefined {
  const closure: Closure | undefined = closureOn(today, hours.closures);
  if (!closure) return undefined;
  // Closures that meet or overlap read as one: the notice names the last day of the run.
  let until = closure.to;
  for (let next = closureOn(isoDay(new Date(utcDay(until).getTime() + 86_400_000)), hours.closures); next;) {
    until = next.to;
    next = closureOn(isoDay(new Date(utcDay(until).getTime() + 86_400_000)), hours.closures);
  }
  const label = closure.label.trim();
  const reopening = reopeningAfter(until, hours);
  return `Closed${label ? ` for ${label}` : ''} until ${dateText(until)}${reopening ? `, open again ${dateText(reopening)}` : ''}`;
}

/** "24 December 2026" for 2026-12-24. */
function fullDateText(date: string): string {
  const day = utcDay(date);
  return `${day.getUTCDate()} ${monthNames[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** How far ahead the footer warns of a closure: long enough to plan a visit around it. */
export const closureNoticeDays = 60;

/**
 * What the footer says of the next closure starting within 60 days of `today`: "Closed 24
 * December 2026 to 5 January 2027 (Christmas shutdown)", or "Closed 26 January 2027" for a
 * day without a label. Undefined when none is coming.
 */
export function upcomingClosureNotice(today: string, hours: PublicSettings['hours']): string | undefined {
  const last = isoDay(new Date(utcDay(today).getTime() + closureNoticeDays * 86_400_000));
  const next = [...hours.closures]
    .sort((a, b) => a.from.localeCompare(b.from))
    .find((closure) => closure.from > today && closure.from <= last);
  if (!next) return undefined;
  const dates = next.from === next.to ? fullDateText(next.from) : `${fullDateText(next.from)} to ${fullDateText(next.to)}`;
  const label = next.label.trim();
  return `Closed ${dates}${label ? ` (${label})` : ''}`;
}
