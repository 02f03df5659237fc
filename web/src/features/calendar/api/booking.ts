import type { Booking } from '@site/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

/**
 * GET /api/bookings/{id}: one visit, for the card of the lead it made. Keyed under the
 * calendars' prefix, so a booking's live change (moved, cancelled) reads it again.
 */
export const useBooking = (id: string) =>
  useQuery({
    queryKey: [...adminKeys.calendars, 'booking', id],
    queryFn: () => api.get<Booking>(`/api/bookings/${encodeURIComponent(id)}`),
  });
