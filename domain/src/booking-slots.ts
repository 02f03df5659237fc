import { TZDate, tzOffset } from '@date-fns/tz';
import {
  bookingGridMinutes,
  bookingSlotStepMinutes,
  type BookingAvailability,
  type BookingDay,
  type BookingSettings,
  type BookingSlot,
} from './booking';
import { businessTimeZone, closureOn, dayNames, monthNames, type Closure, type OpeningRange } from './calendar';

/**
 * The arithmetic of booking a site measure: which start times are free, and which cells of the
 * 15-minute grid a visit or a block holds (the store keeps one row per cell, so two visits can
 * never hold the same one). Times are wall-clock in Melbourne: a visit offered at 09:00 is at
 * 09:00 local time on either side of a daylight-saving change, and a start that does not exist
 * on the morning the clocks go forward is never offered.
 */

const minuteMs = 60_000;
const dayMs = 86_400_000;
const gridMs = bookingGridMinutes * minuteMs;

/** Time that visits cannot overlap: a booked visit or a block, as instants (ms since 1970). */
export interface BusyTime {
  start: number;
  end: number;
}

export interface AvailabilityInput {
  settings: BookingSettings;
  /** The business's opening hours and closures (`SiteSettings.hours`). */
  hours: { weekly: ReadonlyArray<ReadonlyArray<OpeningRange>>; closures: ReadonlyArray<Closure> };
  now: Date;
  /** Booked visits and blocks; only those near the window matter. */
  busy: ReadonlyArray<BusyTime>;
}

const pad = (value: number) => String(value).padStart(2, '0');

function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
}

/** "9:30 am", "12:00 pm": a wall-clock time as the booking page reads it. */
export function timeLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60) % 24;
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${pad(minutes % 60)} ${hours < 12 ? 'am' : 'pm'}`;
}

/** "Tuesday 1 December": a Melbourne date (year, month from 0, day) as the booking page reads it. */
export function dayLabel(year: number, month: number, date: number): string {
  const weekday = new Date(Date.UTC(year, month, date)).getUTCDay();
  return `${dayNames[weekday]} ${date} ${monthNames[month]}`;
}

/** The Melbourne wall-clock parts of an instant. */
export function melbourneParts(at: Date | number): { year: number; month: number; date: number; minutes: number; weekday: number } {
  const local = new TZDate(typeof at === 'number' ? at : at.getTime(), businessTimeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth(),
    date: local.getDate(),
    minutes: local.getHours() * 60 + local.getMinutes(),
    weekday: local.getDay(),
  };
}

/** "Tuesday 1 December at 9:30 am" in Melbourne: how messages name a visit. */
export function visitLabel(start: Date | number): string {
  const parts = melbourneParts(start);
  return `${dayLabel(parts.year, parts.month, parts.date)} at ${timeLabel(parts.minutes)}`;
}

/** "Tuesday 1 December 2026" in Melbourne: the day of a visit, with its year, as a refusal names it. */
export function visitDateLabel(start: Date | number): string {
  const parts = melbourneParts(start);
  return `${dayLabel(parts.year, parts.month, parts.date)} ${parts.year}`;
}

/** The instant of a Melbourne wall-clock time, or null when that time does not exist (the hour skipped in October). */
function instantOf(year: number, month: number, date: number, minutes: number): number | null {
  const at = new TZDate(year, month, date, Math.floor(minutes / 60), minutes % 60, businessTimeZone);
  const back = melbourneParts(at.getTime());
  if (back.year !== year || back.month !== month || back.date !== date || back.minutes !== minutes) {
    // 24:00 is the next day's midnight, which is fine; any other mismatch is a skipped time.
    if (minutes === 24 * 60) return new TZDate(year, month, date + 1, 0, 0, businessTimeZone).getTime();
    return null;
  }
  return at.getTime();
}

/**
 * The instant of each wall-clock time (minutes after midnight) of one Melbourne day, or null for
 * a time that does not exist. A day without a change of offset (all but two a year) is
 * arithmetic on one offset; the day of a change asks the time-zone database for each time.
 */
function dayClock(year: number, month: number, date: number): (minutes: number) => number | null {
  // Instants just before the local day starts and just after it ends, whatever the offset (+10 or +11).
  const before = tzOffset(businessTimeZone, new Date(Date.UTC(year, month, date) - 15 * 3_600_000));
  const after = tzOffset(businessTimeZone, new Date(Date.UTC(year, month, date + 1) - 8 * 3_600_000));
  if (before === after) return (minutes) => Date.UTC(year, month, date, 0, minutes) - before * minuteMs;
  return (minutes) => instantOf(year, month, date, minutes);
}

/** The ranges of one weekday in both lists, as minutes after midnight. */
function intersect(a: ReadonlyArray<OpeningRange>, b: ReadonlyArray<OpeningRange>): Array<{ from: number; to: number }> {
  const out: Array<{ from: number; to: number }> = [];
  for (const x of a)
    for (const y of b) {
      const from = Math.max(minutesOf(x.from), minutesOf(y.from));
      const to = Math.min(minutesOf(x.to), minutesOf(y.to));
      if (to > from) out.push({ from, to });
    }
  return out.sort((x, y) => x.from - y.from);
}

/** The instants between which visits can be offered now: from the minimum notice to the horizon. */
export function bookingWindow(settings: BookingSettings, now: Date): { from: number; to: number } {
  return { from: now.getTime() + settings.minNoticeHours * 3_600_000, to: now.getTime() + settings.horizonWeeks * 7 * dayMs };
}

/**
 * Whether a visit from `start` for `visitMinutes` keeps `bufferMinutes` clear of every busy
 * time on both sides. `busy` is sorted by start; those before `from` have ended (with the buffer) before `start`.
 */
function clearOf(start: number, visitMs: number, bufferMs: number, busy: ReadonlyArray<BusyTime>, from: number): boolean {
  const end = start + visitMs;
  for (let i = from; i < busy.length; i++) {
    const time = busy[i];
    if (time.start >= end + bufferMs) return true;
    if (start < time.end + bufferMs && time.start < end + bufferMs) return false;
  }
  return true;
}

/** Every start time a customer may book now, by Melbourne day; days without a free time are left out. */
export function freeSlots({ settings, hours, now, busy }: AvailabilityInput): BookingAvailability {
  const window = bookingWindow(settings, now);
  const visitMs = settings.visitMinutes * minuteMs;
  const bufferMs = settings.bufferMinutes * minuteMs;
  const sorted = [...busy].sort((a, b) => a.start - b.start);
  const days: BookingDay[] = [];
  const first = melbourneParts(window.from);
  let pointer = 0;
  for (let offset = 0; ; offset++) {
    // Calendar arithmetic only: the Melbourne date `offset` days after the first.
    const day = new Date(Date.UTC(first.year, first.month, first.date + offset));
    const [year, month, date, weekday] = [day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), day.getUTCDay()];
    const clock = dayClock(year, month, date);
    const midnight = clock(0) ?? Date.UTC(year, month, date);
    if (midnight > window.to) break;
    const iso = `${year}-${pad(month + 1)}-${pad(date)}`;
    if (closureOn(iso, hours.closures)) continue;
    const slots: BookingSlot[] = [];
    for (const range of intersect(settings.weekly[weekday] ?? [], hours.weekly[weekday] ?? [])) {
      const rangeEnd = clock(range.to);
      if (rangeEnd === null) continue;
      const firstStart = Math.ceil(range.from / bookingGridMinutes) * bookingGridMinutes;
      for (let minutes = firstStart; minutes + settings.visitMinutes <= range.to; minutes += bookingSlotStepMinutes) {
        const start = clock(minutes);
        if (start === null || start < window.from || start > window.to || start + visitMs > rangeEnd) continue;
        while (pointer < sorted.length && sorted[pointer].end + bufferMs <= start) pointer++;
        if (!clearOf(start, visitMs, bufferMs, sorted, pointer)) continue;
        slots.push({ start: new Date(start).toISOString(), label: timeLabel(minutes) });
      }
    }
    if (slots.length) days.push({ date: iso, label: dayLabel(year, month, date), slots });
  }
  return { timeZone: businessTimeZone, visitMinutes: settings.visitMinutes, days };
}

/** Whether `start` (an ISO instant) is one of the free slots. */
export function isFreeSlot(availability: BookingAvailability, start: string): boolean {
  const at = Date.parse(start);
  return availability.days.some((day) => day.slots.some((slot) => Date.parse(slot.start) === at));
}

/**
 * The cells of the 15-minute grid that time from `start` to `end` holds, with `bufferMinutes`
 * after it, as the instants (ms) the cells begin. A visit holds its buffer so that the next
 * visit's own cells, starting after it, keep the travel time between them.
 */
export function gridCells(start: number, end: number, bufferMinutes: number): number[] {
  const from = Math.floor(start / gridMs) * gridMs;
  const to = Math.ceil((end + bufferMinutes * minuteMs) / gridMs) * gridMs;
  const cells: number[] = [];
  for (let at = from; at < to; at += gridMs) cells.push(at);
  return cells;
}
