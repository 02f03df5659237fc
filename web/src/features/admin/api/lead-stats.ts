import type { LeadStats } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export const leadStatsQuery = queryOptions({
  queryKey: adminKeys.leadStats,
  queryFn: () => api.get<LeadStats>('/api/leads/stats'),
});

/** New leads waiting and the median time to first contact over 30 days, for the dashboard header. */
export const useLeadStats = () => useQuery(leadStatsQuery);
