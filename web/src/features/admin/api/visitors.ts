import type { Visitor } from '@site/domain';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { format, startOfDay, subDays } from 'date-fns';
import { getList, type ListPage } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { listQueryOptions, pageUrl, useAdminList } from './list-query';

const visitorsUrl = '/api/visitors';
export const visitorsQuery = listQueryOptions<Visitor>('visitor_tracking', visitorsUrl);
export const useVisitors = () => useAdminList(visitorsQuery);

export const chartDays = 30;

export interface DayCount {
  /** yyyy-MM-dd in the browser's time zone */
  day: string;
  count: number;
}

export interface VisitsByDay {
  days: DayCount[];
  /** True when the page cap stopped the walk before the window's start. */
  truncated: boolean;
}

const dayKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** The last `chartDays` days, oldest first, ending today. */
export function emptyDays(now: Date = new Date()): DayCount[] {
  const today = startOfDay(now);
  return Array.from({ length: chartDays }, (_, index) => ({ day: dayKey(subDays(today, chartDays - 1 - index)), count: 0 }));
}

/**
 * Visits per day for the last 30 days. The API has no aggregate route, so this walks the
 * newest-first list 200 at a time until it passes the window's start (at most 100 pages).
 */
export async function getVisitsByDay(now: Date = new Date()): Promise<VisitsByDay> {
  const days = emptyDays(now);
  const index = new Map(days.map((entry, position) => [entry.day, position]));
  const windowStart = subDays(startOfDay(now), chartDays - 1).getTime();
  let cursor: string | null = null;
  for (let page = 0; page < 100; page += 1) {
    const result: ListPage<Visitor> = await getList<Visitor>(pageUrl(visitorsUrl, cursor, 200));
    for (const visit of result.items) {
      const visitedAt = new Date(visit.visitedAt);
      if (visitedAt.getTime() < windowStart) return { days, truncated: false };
      const position = index.get(dayKey(visitedAt));
      if (position !== undefined) days[position].count += 1;
    }
    if (!result.next) return { days, truncated: false };
    cursor = result.next;
  }
  return { days, truncated: true };
}

export const visitsByDayQuery = queryOptions({
  queryKey: adminKeys.visitsByDay,
  queryFn: () => getVisitsByDay(),
});

/**
 * A live visit counts towards today without walking the list again; if the day has turned
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
