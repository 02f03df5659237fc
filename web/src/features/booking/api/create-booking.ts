import type { BookingAvailability, BookingInput, honeypotField, PublicBooking } from '@site/domain';
import { api } from '#web/lib/api-client.ts';
import { leadSource } from '#web/lib/lead-source.ts';

export type CreateBookingInput = Omit<BookingInput, 'source'> & { [honeypotField]?: string };

/** The answer to a booking: 201 with the visit. */
export interface BookingCreated {
  booking: PublicBooking;
}

/** A 409's body: the slot went meanwhile, and the free slots as they are now. */
export interface SlotTakenBody {
  message: string;
  availability: BookingAvailability;
}

/** POST /api/bookings, with where the browsing session came from. */
export function createBooking(input: CreateBookingInput): Promise<BookingCreated> {
  const source = leadSource();
  return api.post<BookingCreated>('/api/bookings', { ...input, ...(source ? { source } : {}) });
}
