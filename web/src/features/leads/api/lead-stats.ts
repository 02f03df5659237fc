import type { LeadStats } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

export const leadStatsQuery = queryOptions({
  queryKey: adminKeys.leadStats,
  queryFn: () => api.get<LeadStats>('/api/leads/stats'),
  // A lead turns overdue as time passes, with no change to it that would refresh the figures.
  refetchInterval: 60_000,
});

/** New leads waiting, how many of them are overdue, and the median time to first contact over 30 days, for the dashboard header. */
export const useLeadStats = () => useQuery(leadStatsQuery);
