import type { BookingFeed } from '@site/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

/** GET /api/bookings/feed: the private address of the calendar feed. */
export const bookingFeedQuery = queryOptions({
  queryKey: adminKeys.bookingFeed,
  queryFn: () => api.get<BookingFeed>('/api/bookings/feed'),
});

export const useBookingFeed = () => useQuery(bookingFeedQuery);

/** POST /api/bookings/feed: a new secret address; the old one stops working. */
export function useRenewBookingFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<BookingFeed>('/api/bookings/feed'),
    onSuccess: (feed) => queryClient.setQueryData(adminKeys.bookingFeed, feed),
  });
}
