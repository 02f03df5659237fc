/** Calendar days in a named time zone, with their start instants, DST included. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isTimeZone(value: string): boolean {
  try {
    formatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of an instant in the zone. */
function wallClock(t: number, timeZone: string) {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(new Date(t)).map((p) => [p.type, p.value]));
  return { y: Number(parts.year), m: Number(parts.month), d: Number(parts.day), h: Number(parts.hour), min: Number(parts.minute), s: Number(parts.second) };
}

/** How far the zone's wall clock is ahead of UTC at instant t, in ms. */
function offset(t: number, timeZone: string): number {
  const w = wallClock(t, timeZone);
  return Date.UTC(w.y, w.m - 1, w.d, w.h, w.min, w.s) - Math.floor(t / 1000) * 1000;
}

/** The instant local midnight begins on y-m-d in the zone. */
function midnight(y: number, m: number, d: number, timeZone: string): number {
  const wall = Date.UTC(y, m - 1, d);
  const guess = wall - offset(wall, timeZone);
  return wall - offset(guess, timeZone);
}

export interface DayWindow {
  /** yyyy-MM-dd in the zone */
  day: string;
  from: Date;
  to: Date;
}

/** The last `count` days in the zone, oldest first, ending with today. */
export function lastDays(now: Date, count: number, timeZone: string): DayWindow[] {
  const today = wallClock(now.getTime(), timeZone);
  const days: DayWindow[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const date = new Date(Date.UTC(today.y, today.m - 1, today.d - back));
    const next = new Date(Date.UTC(today.y, today.m - 1, today.d - back + 1));
    days.push({
      day: date.toISOString().slice(0, 10),
      from: new Date(midnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone)),
      to: new Date(midnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), timeZone)),
    });
  }
  return days;
}
