import { TZDate, tzOffset } from '@date-fns/tz';
import { businessTimeZone, closureOn } from './calendar';

/**
 * Business hours and the follow-up reminder's due time: when a lead still `new` should have
 * been answered. One module for the server (which stores the due time on each lead) and the
 * dashboard (which shows "Overdue" once it has passed), so both agree to the millisecond.
 *
 * Hours are wall-clock times in Melbourne: an 08:00 opening is 08:00 local time on either
 * side of a daylight-saving change, and a business hour is an hour of real time inside the
 * opening hours. Public holidays are not known: they count as ordinary days.
 */

// The time zone and the closures are in ./calendar, which the public pages load without a date library.
export { businessTimeZone, closureOn };

/** BUSINESS_HOURS when it is not set. */
export const defaultBusinessHoursText = 'Mon-Fri 08:00-17:30';
/** FOLLOW_UP_AFTER_HOURS when it is not set. */
export const defaultFollowUpAfterHours = 2;

const dayNames = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Opening hours: for each weekday (0 Sunday to 6 Saturday), its ranges in minutes after midnight, sorted and not overlapping. */
export interface BusinessHours {
  days: ReadonlyArray<ReadonlyArray<{ from: number; to: number }>>;
  /** Days closed whatever the weekday (public holidays, a shutdown): Melbourne dates, yyyy-MM-dd, both ends included. */
  closures?: ReadonlyArray<{ from: string; to: string }>;
}

/** The opening hours the business settings give (their weekly ranges as HH:MM, and their closures). */
export function businessHoursOf(hours: {
  weekly: ReadonlyArray<ReadonlyArray<{ from: string; to: string }>>;
  closures: ReadonlyArray<{ from: string; to: string }>;
}): BusinessHours {
  const days = hours.weekly.map((ranges) =>
    joinRanges(
      ranges.map((range) => ({ from: minutesOf(range.from) ?? 0, to: minutesOf(range.to) ?? 0 })).filter((range) => range.to > range.from),
    ),
  );
  return { days, closures: hours.closures.map(({ from, to }) => ({ from, to })) };
}

export type BusinessHoursParse = { ok: true; hours: BusinessHours } | { ok: false; message: string };

const formatHelp = 'use days and times such as "Mon-Fri 08:00-17:30" or "Mon-Fri 08:00-17:30, Sat 09:00-12:00"';

/** Minutes after midnight of "HH:MM" (00:00 to 24:00), or null. */
function minutesOf(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time);
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

/**
 * Reads opening hours written as comma-separated entries of a day or a range of days and a
 * time range: `Mon-Fri 08:00-17:30, Sat 09:00-12:00`. Day names are the first three letters
 * (any case); a range of days may run past Sunday (`Fri-Mon`). Ranges on the same day that
 * overlap or touch are joined.
 */
export function parseBusinessHours(text: string): BusinessHoursParse {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.length) return { ok: false, message: `names no opening hours: ${formatHelp}` };
  const days: Array<Array<{ from: number; to: number }>> = dayNames.map(() => []);
  for (const entry of entries) {
    const match = /^([a-z]{3})(?:\s*-\s*([a-z]{3}))?\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/i.exec(entry);
    if (!match) return { ok: false, message: `"${entry}" is not a day and times: ${formatHelp}` };
    const first = dayNames.indexOf(match[1].toLowerCase() as (typeof dayNames)[number]);
    const last = match[2] === undefined ? first : dayNames.indexOf(match[2].toLowerCase() as (typeof dayNames)[number]);
    const unknownDay = first === -1 ? match[1] : last === -1 ? match[2] : undefined;
    if (unknownDay !== undefined) return { ok: false, message: `"${unknownDay}" is not a day: use Mon, Tue, Wed, Thu, Fri, Sat or Sun` };
    const from = minutesOf(match[3]);
    const to = minutesOf(match[4]);
    if (from === null || to === null) return { ok: false, message: `"${entry}" has a time that is not HH:MM between 00:00 and 24:00` };
    if (to <= from) return { ok: false, message: `"${entry}" closes before it opens` };
    for (let day = first; ; day = (day + 1) % 7) {
      days[day].push({ from, to });
      if (day === last) break;
    }
  }
  return { ok: true, hours: { days: days.map(joinRanges) } };
}

function joinRanges(ranges: Array<{ from: number; to: number }>): Array<{ from: number; to: number }> {
  const joined: Array<{ from: number; to: number }> = [];
  for (const range of [...ranges].sort((a, b) => a.from - b.from)) {
    const previous = joined[joined.length - 1];
    if (previous && range.from <= previous.to) previous.to = Math.max(previous.to, range.to);
    else joined.push({ ...range });
  }
  return joined;
}

/** The default hours, Monday to Friday 08:00 to 17:30. */
export const defaultBusinessHours: BusinessHours = (() => {
  const parsed = parseBusinessHours(defaultBusinessHoursText);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.hours;
})();

interface Period {
  start: number;
  end: number;
}

/** Each local day's opening periods, by hours and time zone: leads arriving on the same days reuse them. */
const periodCache = new WeakMap<BusinessHours, Map<string, Period[]>>();
const periodCacheDays = 2000;

/** The opening periods of one local day (a calendar date and its weekday) as instants. */
function periodsOn(year: number, month: number, date: number, weekday: number, hours: BusinessHours, timeZone: string): Period[] {
  let days = periodCache.get(hours);
  if (!days) periodCache.set(hours, (days = new Map()));
  const key = `${timeZone} ${year}-${month}-${date}`;
  let periods = days.get(key);
  if (!periods) {
    // TZDate reads the wall-clock time on Melbourne's calendar, so opening and closing keep
    // their local times on the day the clocks change.
    const at = (minutes: number) => new TZDate(year, month, date, Math.floor(minutes / 60), minutes % 60, timeZone).getTime();
    const day = `${year}-${String(month + 1).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
    periods = closureOn(day, hours.closures) ? [] : hours.days[weekday].map((range) => ({ start: at(range.from), end: at(range.to) }));
    if (days.size >= periodCacheDays) days.clear();
    days.set(key, periods);
  }
  return periods;
}

/** UTC offsets by zone and quarter hour: every zone's changes of offset fall on a quarter hour. */
const offsetCache = new Map<string, number>();
const quarterHourMs = 15 * 60 * 1000;

/** The calendar date (year, month from 0, day) an instant falls on in a time zone. */
function localDate(at: number, timeZone: string): [number, number, number] {
  const key = `${timeZone} ${Math.floor(at / quarterHourMs)}`;
  let offset = offsetCache.get(key);
  if (offset === undefined) {
    offset = tzOffset(timeZone, new Date(at));
    if (offsetCache.size >= periodCacheDays) offsetCache.clear();
    offsetCache.set(key, offset);
  }
  const local = new Date(at + offset * 60_000);
  return [local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()];
}

/**
 * The opening periods as instants, from the start of the local day that holds `from`
 * onwards, in order.
 */
function* openPeriods(from: Date, hours: BusinessHours, timeZone: string): Generator<Period> {
  if (!hours.days.some((ranges) => ranges.length)) return;
  const [year, month, date] = localDate(from.getTime(), timeZone);
  for (let offset = 0; ; offset++) {
    // Calendar arithmetic only (no time zone): the local date `offset` days on and its weekday.
    const day = new Date(Date.UTC(year, month, date + offset));
    yield* periodsOn(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), day.getUTCDay(), hours, timeZone);
  }
}

const hourMs = 60 * 60 * 1000;

/** The moment `hours` business hours after `start` have passed (`start` itself when hours is 0). */
export function addBusinessHours(start: Date, hours: number, businessHours: BusinessHours, timeZone = businessTimeZone): Date {
  let left = hours * hourMs;
  if (left <= 0) return new Date(start.getTime());
  for (const period of openPeriods(start, businessHours, timeZone)) {
    const from = Math.max(period.start, start.getTime());
    if (period.end <= from) continue;
    if (from + left <= period.end) return new Date(from + left);
    left -= period.end - from;
  }
  throw new Error('Business hours name no opening hours');
}

/**
 * When staff messages may go out (quiet hours): `at` itself while the business is open, else
 * the start of its next opening (closures skipped). `at` when the hours name no opening at all:
 * a business that keeps no hours is never quiet.
 */
export function nextOpening(at: Date, businessHours: BusinessHours, timeZone = businessTimeZone): Date {
  const time = at.getTime();
  for (const period of openPeriods(at, businessHours, timeZone)) {
    if (period.end > time) return new Date(Math.max(period.start, time));
  }
  return new Date(time);
}

/** How many business hours (fractional) lie between `from` and `to`. */
export function businessHoursBetween(from: Date, to: Date, businessHours: BusinessHours, timeZone = businessTimeZone): number {
  let ms = 0;
  for (const period of openPeriods(from, businessHours, timeZone)) {
    if (period.start >= to.getTime()) break;
    const start = Math.max(period.start, from.getTime());
    const end = Math.min(period.end, to.getTime());
    if (end > start) ms += end - start;
  }
  return ms / hourMs;
}

/** What a lead keeps about its follow-up reminder. */
export interface FollowUpFields {
  /** When a reminder is due if the lead is still `new`; absent when reminders were off as it arrived. */
  followUpDueAt?: string;
}

/** A lead still `new` whose follow-up time has passed: the card's "Overdue". */
export function isFollowUpOverdue(lead: { status: string } & FollowUpFields, now: Date): boolean {
  return lead.status === 'new' && lead.followUpDueAt !== undefined && Date.parse(lead.followUpDueAt) <= now.getTime();
}
