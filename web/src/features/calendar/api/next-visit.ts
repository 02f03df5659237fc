import type { NextVisit } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

/**
 * GET /api/bookings/next?from=: the first visit still booked from `from` on, where the calendar
 * opens and "Next visit" jumps. Keyed under the calendars' prefix, so a visit booked, moved or
 * cancelled meanwhile reads it again.
 */
export const nextVisitQuery = (from: string) =>
  queryOptions({
    queryKey: [...adminKeys.calendars, 'next', from],
    queryFn: () => api.get<NextVisit>(`/api/bookings/next?${new URLSearchParams({ from }).toString()}`),
  });

export const useNextVisit = (from: string) => useQuery(nextVisitQuery(from));
