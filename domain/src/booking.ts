/**
 * Booking a free site measure: the settings that say when and where visits can be booked, the
 * shapes the booking API takes and answers, and its messages. One module for the server, the
 * public booking page and the admin's Calendar tab, so all three read the same rules.
 *
 * Times on the wire are instants in UTC (ISO 8601, `2026-12-01T23:00:00.000Z`); days are
 * Melbourne dates (`2026-12-02`); the hours in the settings are wall-clock times in Melbourne
 * (`09:00`), as the business's opening hours are. Slots are shown in Melbourne time whatever
 * the browser's zone. The arithmetic that turns these into free slots is in ./booking-slots.
 *
 * This module builds no zod schema (the input schemas are in ./booking-schemas): the admin
 * dashboard's first screen reads the booking defaults through the settings without loading zod.
 */
import type { LeadAttachment } from './attachments';
import type { businessTimeZone, OpeningRange } from './calendar';

// ---------------------------------------------------------------- settings

/** What a customer can book a measure for, and the quote request's room each becomes in the pipeline. */
export const bookingServices = ['kitchen', 'bathroom', 'wardrobe'] as const;
export type BookingService = (typeof bookingServices)[number];
export const bookingServiceLabels: Record<BookingService, string> = { kitchen: 'Kitchen', bathroom: 'Bathroom', wardrobe: 'Wardrobe' };

/** The grid every visit, buffer and block sits on: a visit starts on a quarter hour and lasts whole quarters. */
export const bookingGridMinutes = 15;
/** How far apart the start times offered to a customer are. */
export const bookingSlotStepMinutes = 30;

export interface BookingSettings {
  /** Whether customers can book online at all; off hides the booking actions and answers the API with 404. */
  enabled: boolean;
  /** How long a site measure takes (default 60): a multiple of 15 from 15 to 480. */
  visitMinutes: number;
  /** Travel time kept free between two visits (default 30): a multiple of 15 from 0 to 240. */
  bufferMinutes: number;
  /** How long before a visit it can be booked, moved or cancelled online (default 24 hours). */
  minNoticeHours: number;
  /** How far ahead a customer can book (default 8 weeks). */
  horizonWeeks: number;
  /**
   * Seven days, Sunday first: the wall-clock ranges in Melbourne that visits can take place in
   * (a visit starts and ends inside one range). Only the parts inside the business's opening
   * hours count, and no visit is offered on a closure day.
   */
  weekly: OpeningRange[][];
  /**
   * The service area: postcodes (`3070`), postcode ranges (`3000-3207`) and suburb names
   * (`Northcote`), any case. A customer's place is in the area when its postcode or its
   * suburb matches an entry.
   */
  area: string[];
}

/**
 * Metropolitan Melbourne by Australia Post's postcode ranges: the inner city and the suburbs
 * (3000 to 3207), the north and west (3335 to 3341, 3427 to 3442), the east (3750 to 3810),
 * and the south-east and peninsula (3910 to 3944, 3975 to 3978).
 */
export const defaultBookingArea: readonly string[] = ['3000-3207', '3335-3341', '3427-3442', '3750-3810', '3910-3944', '3975-3978'];

const weekdays = (range: OpeningRange[]): OpeningRange[][] => [[], range, range, range, range, range, []];

export const defaultBookingSettings: BookingSettings = {
  enabled: true,
  visitMinutes: 60,
  bufferMinutes: 30,
  minNoticeHours: 24,
  horizonWeeks: 8,
  weekly: weekdays([{ from: '09:00', to: '16:00' }]),
  area: [...defaultBookingArea],
};

/** Whether a customer's postcode or suburb is in the service area (entries as in `BookingSettings.area`). */
export function inBookingArea(area: readonly string[], place: { postcode?: string; suburb?: string }): boolean {
  const postcode = place.postcode?.trim();
  const suburb = place.suburb?.trim().toLowerCase().replace(/\s+/g, ' ');
  return area.some((raw) => {
    const entry = raw.trim();
    const range = /^(\d{4})\s*-\s*(\d{4})$/.exec(entry);
    if (range) return !!postcode && /^\d{4}$/.test(postcode) && range[1] <= postcode && postcode <= range[2];
    if (/^\d{4}$/.test(entry)) return entry === postcode;
    return !!suburb && entry.toLowerCase().replace(/\s+/g, ' ') === suburb;
  });
}

// ---------------------------------------------------------------- messages

export const bookingMessages = {
  /** 409 when a slot went between showing it and sending it; the answer carries the fresh slots. */
  slotTaken: 'That time was just taken, please pick another',
  slotUnavailable: 'That time is not available: please pick one of the times shown',
  slotPast: 'That time has passed: please pick one of the times shown',
  outsideArea:
    'Sorry, we do not visit that area for free measures yet. Send us an inquiry instead and we will let you know how we can help.',
  postcode: 'Please enter the 4 digits of your postcode',
  street: 'Please enter the street address of the place to measure',
  service: 'Please choose kitchen, bathroom or wardrobe',
  mobile: 'Please enter an Australian mobile number, such as 0412 345 678',
  start: 'Please pick a time',
  notes: 'Notes: at most 1000 characters',
  /** The signed link after the minimum notice: changes go by phone then. */
  tooLateToChange: (hours: number) => `Online changes close ${hours} hours before the visit. Please call us to change it.`,
  linkInvalid: 'This link is not valid',
  cancelled: 'This visit was cancelled',
  disabled: 'Online booking is not available at the moment',
  blockOverlapsBooking: 'That time has a booked visit: move or cancel the visit first',
  blockRange: 'Blocked time must end after it starts, and last at most 31 days',
  blockLabel: 'Give the blocked time a label of 1 to 80 characters, such as "Leave"',
  /** A block over another block. */
  blockOverlapsBlock: 'That time is already blocked: change or delete that block first',
  blockNotFound: 'That blocked time no longer exists',
  notFound: 'Booking not found',
  /** The customer's link once the visit has started. */
  linkExpired: 'This link has expired: the visit time has passed',
  calendarRange: 'Give from and to as times, to after from, at most 62 days apart',
  /** A third visit for one email, mobile or address; `date` as `visitDateLabel` writes it ("Tuesday 1 December 2026"). */
  alreadyBooked: (date: string) => `You already have a visit booked on ${date}: your confirmation email has a link to move it`,
} as const;

/** Booked visits still to come that one email, one mobile or one street address may hold at once. */
export const bookingsPerPerson = 2;

// ---------------------------------------------------------------- API shapes

/** A free start time: the instant (UTC) and how it reads in Melbourne ("9:30 am"). */
export interface BookingSlot {
  start: string;
  label: string;
}

/** One Melbourne day of free slots: `date` is yyyy-MM-dd, `label` "Tuesday 1 December". */
export interface BookingDay {
  date: string;
  label: string;
  slots: BookingSlot[];
}

/** `GET /api/booking/availability`: the free slots from the minimum notice to the horizon, days without a slot left out. */
export interface BookingAvailability {
  timeZone: typeof businessTimeZone;
  visitMinutes: number;
  days: BookingDay[];
}

export const bookingStatuses = ['booked', 'cancelled'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** A booked visit, as the admin reads it. */
export interface Booking {
  id: string;
  status: BookingStatus;
  service: BookingService;
  /** The visit's start and end instants (UTC). */
  start: string;
  end: string;
  firstName: string;
  lastName: string;
  email: string;
  /** As the customer typed it. */
  mobile: string;
  street: string;
  suburb: string;
  postcode: string;
  notes?: string;
  /** The quote request the booking made in the pipeline (its source and attachments are there). */
  leadId: string;
  createdAt: string;
  updatedAt: string;
  /** Who cancelled, when cancelled: the customer through their link, or staff. */
  cancelledBy?: 'customer' | 'staff';
  /** Increases with each change of time, so a calendar replaces the old invite (iCalendar SEQUENCE). */
  sequence: number;
}

/** A visit's address in one line: "12 Smith Street, Northcote 3070". */
export const visitAddress = (booking: Pick<Booking, 'street' | 'suburb' | 'postcode'>) =>
  `${booking.street}, ${booking.suburb} ${booking.postcode}`;

/** Google Maps' search for an address (its documented URL form: the phone's maps app opens it, or the web map). */
export const mapsHref = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;

/** GET /api/bookings/next: the first visit still booked that starts at or after `from`, or null. */
export interface NextVisit {
  booking: Booking | null;
}

/** What the customer's own link shows: no other customer's data, and whether it can still be changed online. */
export interface PublicBooking {
  service: BookingService;
  start: string;
  end: string;
  status: BookingStatus;
  firstName: string;
  street: string;
  suburb: string;
  postcode: string;
  /** Until when it can be moved or cancelled online (the start less the minimum notice). */
  changeUntil: string;
  canChange: boolean;
}

/** Time staff keep free of visits: leave, another job. */
export interface BookingBlock {
  id: string;
  start: string;
  end: string;
  label: string;
  createdAt: string;
  createdBy?: string;
}

/** `GET /api/bookings?from=&to=`: the admin's calendar between two instants. */
export interface BookingCalendar {
  bookings: Booking[];
  blocks: BookingBlock[];
}

/** `GET /api/bookings/feed` and `POST /api/bookings/feed` (a new secret): the private calendar feed's address. */
export interface BookingFeed {
  url: string;
}

/** The files a booking's lead carries, as the admin reads them. */
export type BookingAttachments = LeadAttachment[];
