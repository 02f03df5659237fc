import { bookingServiceLabels } from '@site/domain';
import { formatTime } from '#web/lib/dates.ts';
import type { Placement } from '../lib/placements';

/** "9:30 am to 10:30 am": when a visit or block is, on Melbourne's clock. */
export const timeRange = (item: { start: string; end: string }) => `${formatTime(item.start)} to ${formatTime(item.end)}`;

/** What a visit or block is, after its time: "Kitchen: Ava Nguyen, Northcote", or the block's label. */
export function placementTitle(item: Placement): string {
  if (item.kind === 'block') return item.block.label;
  const { service, firstName, lastName, suburb } = item.booking;
  return `${bookingServiceLabels[service]}: ${firstName} ${lastName}, ${suburb}`;
}
