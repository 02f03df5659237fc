import type { Booking, BookingBlock, BookingCalendar } from '@site/domain';
import { addDays, dayStart, minutesInto } from './melbourne-time';

/** A visit or a blocked time as one day of the calendar shows it: minutes after that day's midnight in Melbourne. */
export type Placement = ({ kind: 'visit'; booking: Booking } | { kind: 'block'; block: BookingBlock }) & {
  id: string;
  start: string;
  end: string;
  from: number;
  to: number;
  /** Side by side with what overlaps it: its lane, and how many lanes its overlapping group takes. */
  lane: number;
  lanes: number;
};

/** Lanes for the items of one day: each takes the first lane free at its start; overlapping items share the width. */
function withLanes(items: Omit<Placement, 'lane' | 'lanes'>[]): Placement[] {
  const sorted = [...items].sort((a, b) => a.from - b.from || b.to - a.to);
  const placed: Placement[] = [];
  let group: Placement[] = [];
  let groupEnd = -Infinity;
  const closeGroup = () => {
    const lanes = Math.max(1, ...group.map((item) => item.lane + 1));
    for (const item of group) item.lanes = lanes;
    group = [];
  };
  for (const item of sorted) {
    if (item.from >= groupEnd) {
      closeGroup();
      groupEnd = -Infinity;
    }
    const busy = new Set(group.filter((other) => other.to > item.from).map((other) => other.lane));
    let lane = 0;
    while (busy.has(lane)) lane += 1;
    const entry: Placement = { ...item, lane, lanes: 1 } as Placement;
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, item.to);
  }
  closeGroup();
  return placed;
}

/**
 * What falls on a Melbourne day, in time order: the visits still booked (a cancelled one frees
 * its time, so the calendar no longer shows it) and the blocks, a block of several days cut to
 * the part on this day.
 */
export function placementsOn(day: string, calendar: BookingCalendar | undefined): Placement[] {
  if (!calendar) return [];
  const startMs = Date.parse(dayStart(day));
  const endMs = Date.parse(dayStart(addDays(day, 1)));
  const overlaps = (item: { start: string; end: string }) => Date.parse(item.start) < endMs && Date.parse(item.end) > startMs;
  const span = (item: { start: string; end: string }) => ({
    start: item.start,
    end: item.end,
    from: Math.max(0, minutesInto(day, item.start)),
    to: Math.min(1440, minutesInto(day, item.end)),
  });
  const visits = calendar.bookings
    .filter((booking) => booking.status === 'booked' && overlaps(booking))
    .map((booking) => ({ kind: 'visit' as const, booking, id: booking.id, ...span(booking) }));
  const blocks = calendar.blocks.filter(overlaps).map((block) => ({ kind: 'block' as const, block, id: block.id, ...span(block) }));
  return withLanes([...visits, ...blocks]);
}
