import type { BookingAvailability, PublicBooking } from '@site/domain';
import { api } from '#web/lib/api-client.ts';

/** What a customer's own link shows: the visit, and the free times it can move to. */
export interface ManagedBooking {
  booking: PublicBooking;
  availability?: BookingAvailability;
}

/** GET /api/bookings/manage?t=: the visit a link is for, or 4xx with the server's message. */
export const getManagedBooking = (token: string) => api.get<ManagedBooking>(`/api/bookings/manage?t=${encodeURIComponent(token)}`);

/** POST /api/bookings/manage: move the visit to `start`, or cancel it. */
export const changeManagedBooking = (change: { token: string; start: string } | { token: string; cancel: true }) =>
  api.post<ManagedBooking>('/api/bookings/manage', change);
