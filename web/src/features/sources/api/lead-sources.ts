import type { LeadSourcesReport } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';

/** The periods the Sources tab offers, in days up to now. */
export const sourcePeriods = [7, 30, 90] as const;
export type SourcePeriod = (typeof sourcePeriods)[number];

const day = 24 * 60 * 60 * 1000;

export const leadSourcesQuery = (days: SourcePeriod) =>
  queryOptions({
    queryKey: adminKeys.leadSources(days),
    queryFn: () => {
      const to = new Date();
      const params = new URLSearchParams({ from: new Date(to.getTime() - days * day).toISOString(), to: to.toISOString() });
      return api.get<LeadSourcesReport>(`/api/leads/sources?${params}`);
    },
  });

/** Leads, quoted and won per channel and campaign over the last `days` days. */
export const useLeadSources = (days: SourcePeriod) => useQuery(leadSourcesQuery(days));
