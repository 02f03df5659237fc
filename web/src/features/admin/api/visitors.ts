import type { Visitor, VisitorDay } from '@site/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { listQueryOptions, useAdminList } from './list-query';

const visitorsUrl = '/api/visitors';
export const visitorsQuery = listQueryOptions<Visitor>('visitor_tracking', visitorsUrl);
export const useVisitors = () => useAdminList(visitorsQuery);

export const chartDays = 30;

/** A day's page views and unique visitors; `day` is yyyy-MM-dd in the browser's time zone. */
export type DayCount = VisitorDay;

export interface VisitsByDay {
  days: DayCount[];
}

const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** Visits per day for the last 30 days in the browser's time zone, oldest first: one count per day on the server. */
export async function getVisitsByDay(): Promise<VisitsByDay> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const params = new URLSearchParams({ days: String(chartDays), timeZone });
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
  const today = dayKey(now);
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
