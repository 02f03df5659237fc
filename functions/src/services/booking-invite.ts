import { bookingServiceLabels } from '@site/domain';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { BookingRecord } from '../ports/bookings';
import type { MessageAttachment } from '../ports/messages';

/**
 * The calendar side of a booking: the invite a customer's email carries and the owner's
 * private feed, written with ical-generator. Times are written in UTC (`...Z`), so a visit at
 * 09:00 in Melbourne lands at 09:00 in every calendar on either side of a daylight-saving
 * change. The UID is the booking's and stays with it: a move (SEQUENCE one higher) replaces the
 * event in the customer's calendar and a cancellation (METHOD:CANCEL) removes it.
 *
 * Every text value is escaped as RFC 5545 says (3.3.11): ical-generator escapes the events'
 * text itself, but writes the calendar's own PRODID, NAME and X-WR-CALNAME as given, so those
 * go through icsText first. Without it a business name with a comma or a line break would
 * split or end the line in the customer's calendar.
 */

/** A TEXT value as RFC 5545 writes it: a backslash, semicolon or comma escaped by a backslash, a line break as `\n`. */
export function icsText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n');
}

/** The PRODID (`-//company//product//EN`) with the business's name escaped. */
const prodId = (business: InviteBusiness, product: string) => ({ company: icsText(business.brand), product, language: 'EN' });

export interface InviteBusiness {
  brand: string;
  email: string;
  /** The site's address: its host names the UIDs. */
  siteUrl: string;
}

/** The booking's UID, the same in every invite and in the feed. */
export function bookingUid(booking: Pick<BookingRecord, 'id'>, business: InviteBusiness): string {
  const host = hostOf(business.siteUrl);
  return `booking-${booking.id}@${host}`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

const summary = (booking: BookingRecord, business: InviteBusiness) =>
  `Free ${bookingServiceLabels[booking.service].toLowerCase()} measure: ${business.brand}`;

const place = (booking: BookingRecord) => `${booking.street}, ${booking.suburb} VIC ${booking.postcode}`;

/** The invite for the customer: METHOD:REQUEST for a new or moved visit, METHOD:CANCEL for a cancelled one. */
export function bookingInvite(booking: BookingRecord, business: InviteBusiness, manageUrl: string, now: Date): MessageAttachment {
  const cancelled = booking.status === 'cancelled';
  const method = cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: prodId(business, 'Site measure booking'), method });
  calendar.createEvent({
    id: bookingUid(booking, business),
    sequence: booking.sequence,
    stamp: now,
    start: new Date(booking.start),
    end: new Date(booking.end),
    summary: summary(booking, business),
    description: `A free site measure at ${place(booking)}. To move or cancel it: ${manageUrl}`,
    location: place(booking),
    url: manageUrl,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: business.brand, email: business.email },
    attendees: [{ name: `${booking.firstName} ${booking.lastName}`, email: booking.email, rsvp: false }],
  });
  return {
    filename: cancelled ? 'cancelled.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: calendar.toString(),
  };
}

/** The owner's private feed: every booked visit, with the customer's details for the day. */
export function bookingFeed(bookings: readonly BookingRecord[], business: InviteBusiness, adminUrl: string, now: Date): string {
  const calendar = ical({
    prodId: prodId(business, 'Site measure bookings'),
    name: icsText(`${business.brand}: site measures`),
    ttl: 15 * 60,
  });
  for (const booking of bookings) {
    calendar.createEvent({
      id: bookingUid(booking, business),
      sequence: booking.sequence,
      stamp: now,
      start: new Date(booking.start),
      end: new Date(booking.end),
      summary: `Measure: ${booking.firstName} ${booking.lastName} (${bookingServiceLabels[booking.service]}, ${booking.suburb})`,
      description: [
        `${booking.firstName} ${booking.lastName}`,
        `Mobile: ${booking.mobile}`,
        `Email: ${booking.email}`,
        ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
        `Calendar: ${adminUrl}`,
      ].join('\n'),
      location: place(booking),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}
