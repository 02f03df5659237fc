import { leadStatuses, type LeadStatus } from '@site/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getList } from '#web/lib/api-client.ts';
import { adminKeys, type LeadCollection } from '#web/lib/admin/admin-keys.ts';
import { pageUrl } from '#web/lib/admin/list-query.ts';

const urls: Record<LeadCollection, string> = {
  project_inquiries: '/api/project-inquiries',
  quote_requests: '/api/quote-requests',
};

/**
 * How many leads of a list have each status, with the current search: one request per
 * status for a single record, whose X-Total-Count is a count query on the server.
 */
export const statusCountsQuery = (collection: LeadCollection, q: string) =>
  queryOptions({
    queryKey: adminKeys.statusCounts(collection, q),
    queryFn: async () => {
      const totals = await Promise.all(
        leadStatuses.map((status) => getList<unknown>(pageUrl(urls[collection], null, 1, { status, q })).then((page) => page.total ?? 0)),
      );
      return Object.fromEntries(leadStatuses.map((status, i) => [status, totals[i]])) as Record<LeadStatus, number>;
    },
  });

export const useStatusCounts = (collection: LeadCollection, q: string) => useQuery(statusCountsQuery(collection, q));
