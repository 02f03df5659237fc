import type { LiveCollection } from '@site/domain';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getList, type ListPage } from '../../../lib/api-client';
import { adminKeys, type LeadCollection, type LeadListFilter } from './admin-keys';

/** The URL of one page of a list: `cursor` comes from the previous page's X-Next-Cursor. */
export function pageUrl(
  url: string,
  cursor: string | null,
  limit?: number,
  filter: Readonly<Record<string, string | undefined>> = {},
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filter)) if (value) query.set(name, value);
  if (limit) query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return search ? `${url}?${search}` : url;
}

/** A paged admin list: newest first, 50 a page, more on demand. */
export function listQueryOptions<T>(collection: LiveCollection, url: string) {
  return infiniteQueryOptions({
    queryKey: adminKeys.list(collection),
    queryFn: ({ pageParam }) => getList<T>(pageUrl(url, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ListPage<T>) => lastPage.next ?? undefined,
  });
}

/** A lead list with its filters (status, search, or overdue) applied by the API, paged like the others. */
export function leadListQueryOptions<T>(collection: LeadCollection, url: string, filter: LeadListFilter) {
  // One cache entry per filter; the unfiltered one is what the tab labels count.
  const key: LeadListFilter = filter.overdue
    ? { overdue: true }
    : { ...(filter.status ? { status: filter.status } : {}), ...(filter.q ? { q: filter.q } : {}) };
  return infiniteQueryOptions({
    queryKey: adminKeys.leadList(collection, key),
    queryFn: ({ pageParam }) =>
      getList<T>(pageUrl(url, pageParam, undefined, { status: key.status, q: key.q, overdue: key.overdue ? '1' : undefined })),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage: ListPage<T>) => lastPage.next ?? undefined,
  });
}

export type ListData<T> = InfiniteData<ListPage<T>, string | null>;

/** The loaded records of a list, and its total from X-Total-Count (the first page's count). */
export function useAdminList<T>(options: ReturnType<typeof listQueryOptions<T>>) {
  return useListItems(useInfiniteQuery(options));
}

/** A lead list with its filters: the same shape as useAdminList. */
export function useLeadList<T>(options: ReturnType<typeof leadListQueryOptions<T>>) {
  return useListItems(useInfiniteQuery(options));
}

/** The loaded records of any paged admin list query, with its total. */
export function useListItems<Q extends { data?: InfiniteData<ListPage<unknown>, unknown> }>(query: Q) {
  type Item = NonNullable<Q['data']>['pages'][number]['items'][number];
  const items = useMemo((): Item[] => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  const firstPage = query.data?.pages[0];
  const total = firstPage ? (firstPage.total ?? items.length) : null;
  return { ...query, items, total };
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
