import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getList, type ListPage } from '#web/lib/api-client.ts';
import { adminKeys, type LeadCollection, type LeadListFilter } from '#web/lib/admin/admin-keys.ts';
import { pageUrl, useListItems } from '#web/lib/admin/list-query.ts';

/** A lead list with its filters (status, search, overdue, or one lead) applied by the API, paged like the others. */
export function leadListQueryOptions<T>(collection: LeadCollection, url: string, filter: LeadListFilter) {
  // One cache entry per filter; the unfiltered one is what the tab labels count.
  const key: LeadListFilter = filter.lead
    ? { lead: filter.lead }
    : filter.overdue
      ? { overdue: true }
      : { ...(filter.status ? { status: filter.status } : {}), ...(filter.q ? { q: filter.q } : {}) };
  return infiniteQueryOptions({
    queryKey: adminKeys.leadList(collection, key),
    queryFn: ({ pageParam }) =>
      getList<T>(
        pageUrl(url, pageParam, undefined, { status: key.status, q: key.q, overdue: key.overdue ? '1' : undefined, lead: key.lead }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ListPage<T>) => lastPage.next ?? undefined,
  });
}

/** A lead list with its filters: the same shape as useAdminList (lib/admin/list-query.ts). */
export function useLeadList<T>(options: ReturnType<typeof leadListQueryOptions<T>>) {
  return useListItems(useInfiniteQuery(options));
}

/**
 * Follows the cursor to the end, for exports: 200 a page, the API's maximum. The first page
 * asks with `export=1`, so the server records the export in the audit trail once.
 */
export async function fetchAll<T>(url: string, maxPages = 1000): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const result: ListPage<T> = await getList<T>(pageUrl(url, cursor, 200, cursor ? {} : { export: '1' }));
    items.push(...result.items);
    if (!result.next) return items;
    cursor = result.next;
  }
  throw new Error(`More than ${maxPages * 200} records; export stopped`);
}
