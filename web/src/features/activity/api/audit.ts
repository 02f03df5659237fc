import type { ListedAuditEntry } from '@site/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getList, type ListPage } from '#web/lib/api-client.ts';
import { adminKeys } from '#web/lib/admin/admin-keys.ts';
import { pageUrl, useListItems } from '#web/lib/admin/list-query.ts';

export const auditUrl = '/api/audit';

/** The audit trail, newest first, 50 a page, with the names of what it acted on. */
export const auditQuery = infiniteQueryOptions({
  queryKey: adminKeys.audit,
  queryFn: ({ pageParam }) => getList<ListedAuditEntry>(pageUrl(auditUrl, pageParam, 50)),
  initialPageParam: null as string | null,
  getNextPageParam: (lastPage: ListPage<ListedAuditEntry>) => lastPage.next ?? undefined,
  // No live events announce new entries: opening the tab again reads them.
  staleTime: 0,
});

export const useAudit = () => useListItems(useInfiniteQuery(auditQuery));
