import type { Visitor, VisitorDay } from '@site/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { businessTimeZone } from '@site/domain/business-hours';
import { api } from '#web/lib/api-client.ts';
import { melbourneDay } from '#web/lib/dates.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';
import { listQueryOptions, useAdminList } from '#web/lib/admin/list-query.ts';

const visitorsUrl = '/api/visitors';
export const visitorsQuery = listQueryOptions<Visitor>('visitor_tracking', visitorsUrl);
export const useVisitors = () => useAdminList(visitorsQuery);

export const chartDays = 30;

/** A day's page views and unique visitors; `day` is yyyy-MM-dd on the business's calendar in Melbourne. */
export type DayCount = VisitorDay;

export interface VisitsByDay {
  days: DayCount[];
}

/**
 * Visits per day for the last 30 days, oldest first: one count per day on the server. The days are
 * Melbourne's, as every date staff read is, wherever the admin's browser is.
 */
export async function getVisitsByDay(): Promise<VisitsByDay> {
  const params = new URLSearchParams({ days: String(chartDays), timeZone: businessTimeZone });
  return { days: await api.get<DayCount[]>(`${visitorsUrl}/daily?${params}`) };
}

export const visitsByDayQuery = queryOptions({
  queryKey: adminKeys.visitsByDay,
  queryFn: () => getVisitsByDay(),
});

/**
 * A live visit counts towards today without walking the list again (whether it is a new
 * visitor only the server knows: unique visitors catch up when the chart loads); if the day has turned
 * since the chart loaded, the chart is loaded afresh.
 */
export function countLiveVisit(queryClient: QueryClient, now: Date = new Date()) {
  const today = melbourneDay(now);
  const data = queryClient.getQueryData(visitsByDayQuery.queryKey);
  if (!data) return;
  if (data.days.at(-1)?.day !== today) {
    void queryClient.invalidateQueries({ queryKey: visitsByDayQuery.queryKey });
    return;
  }
  queryClient.setQueryData(visitsByDayQuery.queryKey, {
    ...data,
    days: data.days.map((entry) => (entry.day === today ? { ...entry, count: entry.count + 1 } : entry)),
  });
}
