import { bookingServiceLabels, type PublicBooking } from '@site/domain';

/**
 * "Add to calendar" on the booking's confirmation: the visit as an iCalendar file (RFC 5545)
 * the browser downloads from a `data:` address, built from the booking the server answered
 * with. The customer's link stays in their email only, so the file says where to find it.
 * Times are in UTC (`…Z`), so 09:00 in Melbourne lands at 09:00 in any calendar, on either side
 * of a daylight-saving change. Its summary and place read as the emailed invite's
 * (functions/src/services/booking-invite.ts).
 */

/** A TEXT value as RFC 5545 writes it (3.3.11): a backslash, semicolon or comma escaped, a line break as `\n`. */
export function icsText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** `20261203T220000Z`: an instant in UTC, as DTSTART, DTEND and DTSTAMP take it. */
const icsTime = (instant: string | Date) =>
  new Date(instant)
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

const encoder = new TextEncoder();

/** A content line folded at 75 octets (3.1): each further part starts with a space; a character is never split. */
function fold(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const room = parts.length === 0 ? 75 : 74;
    if (octets + size > room) {
      parts.push(part);
      part = '';
      octets = 0;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n ');
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

export interface VisitBusiness {
  brand: string;
  siteUrl: string;
}

/** The visit's calendar file: one event, with its summary, place, times and where to move or cancel it. */
export function visitCalendar(booking: PublicBooking, business: VisitBusiness, now: Date = new Date()): string {
  const place = `${booking.street}, ${booking.suburb} VIC ${booking.postcode}`;
  const service = bookingServiceLabels[booking.service].toLowerCase();
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(business.brand)}//Site measure booking//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:measure-${icsTime(booking.start)}-${booking.postcode}@${hostOf(business.siteUrl)}`,
    `DTSTAMP:${icsTime(now)}`,
    `DTSTART:${icsTime(booking.start)}`,
    `DTEND:${icsTime(booking.end)}`,
    `SUMMARY:${icsText(`Free ${service} measure: ${business.brand}`)}`,
    `LOCATION:${icsText(place)}`,
    `DESCRIPTION:${icsText(`A free site measure at ${place}. To move or cancel it, use the link in the email we sent you.`)}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The file as an address a link downloads. */
export const visitCalendarHref = (calendar: string) => `data:text/calendar;charset=utf-8,${encodeURIComponent(calendar)}`;
