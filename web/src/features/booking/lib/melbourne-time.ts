import { businessTimeZone } from '@site/domain';

/**
 * How a visit's time reads to the customer: on Melbourne's clock whatever the browser's zone,
 * as the slots the server offers are labelled.
 */
const when = new Intl.DateTimeFormat('en-AU', {
  timeZone: businessTimeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const zone = new Intl.DateTimeFormat('en-AU', { timeZone: businessTimeZone, timeZoneName: 'short' });

const part = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';

/** "Tuesday 1 December". */
export function melbourneDayLabel(instant: string): string {
  const parts = when.formatToParts(new Date(instant));
  return `${part(parts, 'weekday')} ${part(parts, 'day')} ${part(parts, 'month')}`;
}

/** "9:30 am". */
export function melbourneTimeLabel(instant: string): string {
  const parts = when.formatToParts(new Date(instant));
  return `${part(parts, 'hour')}:${part(parts, 'minute')} ${part(parts, 'dayPeriod').toLowerCase()}`;
}

/** "Tuesday 1 December at 9:30 am". */
export const melbourneWhen = (instant: string) => `${melbourneDayLabel(instant)} at ${melbourneTimeLabel(instant)}`;

/** AEDT in summer, AEST in winter: Melbourne's zone at that instant. */
export function melbourneZoneName(instant: string): string {
  return part(zone.formatToParts(new Date(instant)), 'timeZoneName') || 'AEST';
}

/** The line beside the times: "Times are in Melbourne time (AEDT)". */
export const melbourneTimeNote = (instant: string) => `Times are in Melbourne time (${melbourneZoneName(instant)})`;
