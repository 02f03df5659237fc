import type { BookingCalendar } from '@site/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

/** GET /api/bookings?from=&to=: the visits and blocked times between two instants, for one week of the calendar. */
export const bookingCalendarQuery = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.calendar(from, to),
    queryFn: () => api.get<BookingCalendar>(`/api/bookings?${new URLSearchParams({ from, to }).toString()}`),
    // The week shown stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useBookingCalendar = (from: string, to: string) => useQuery(bookingCalendarQuery(from, to));
