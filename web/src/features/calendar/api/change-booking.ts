import type { Booking } from '@site/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

/** What staff can change of a visit: its time (the customer is sent a new invite) or that it is cancelled. */
export type BookingChange = { start: string } | { status: 'cancelled' };

/**
 * PATCH /api/bookings/:id. A new time already taken is refused with 409 and the server's
 * sentence; the caller shows it. Either way the calendar is read again, as the time may have
 * gone to someone else meanwhile.
 */
export function useChangeBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: BookingChange }) =>
      api.patch<Booking>(`/api/bookings/${encodeURIComponent(id)}`, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.calendars }),
  });
}
