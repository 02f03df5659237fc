import type { BookingAvailability } from '@site/domain';
import { api } from '#web/lib/api-client.ts';

/** GET /api/booking/availability: the free slots for a place, or 400 with why it cannot be booked (outside the area). */
export function getAvailability(place: { postcode: string; suburb?: string }): Promise<BookingAvailability> {
  const query = new URLSearchParams({ postcode: place.postcode, ...(place.suburb ? { suburb: place.suburb } : {}) });
  return api.get<BookingAvailability>(`/api/booking/availability?${query.toString()}`);
}
