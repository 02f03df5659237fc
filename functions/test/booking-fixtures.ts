/**
 * What the booking suites share: the customer who books (a Northcote kitchen, inside the test
 * settings' area), reading the free times as a visitor does, and the Melbourne weekday of a
 * time, which decides when its reminder may go.
 */
import type { BookingAvailability } from '@site/domain';
import { businessTimeZone } from '@site/domain/calendar';
import { expect } from 'vitest';
import type { Client } from './harness';

export const hour = 3_600_000;
export const day = 24 * hour;

/** A customer booking a kitchen measure in Northcote (postcode 3070). */
export const bookingCustomer = {
  service: 'kitchen',
  street: '12 High Street',
  suburb: 'Northcote',
  postcode: '3070',
  firstName: 'Olivia',
  lastName: 'Brown',
  email: 'olivia@example.com',
  mobile: '0412 345 678',
};

/** The free times a visitor is offered for a place (Northcote unless given), answered 200. */
export async function freeTimes(client: Client, place = 'postcode=3070&suburb=Northcote'): Promise<BookingAvailability> {
  const response = await client.get<BookingAvailability>(`/api/booking/availability?${place}`);
  expect(response.status).toBe(200);
  return response.body;
}

/** Every free start offered, day after day. */
export const allStarts = (free: BookingAvailability) => free.days.flatMap((d) => d.slots.map((slot) => slot.start));

/** The Melbourne weekday of an instant ("Monday"). */
export const weekdayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-AU', { timeZone: businessTimeZone, weekday: 'long' }).format(new Date(iso));
