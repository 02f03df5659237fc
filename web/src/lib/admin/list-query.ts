import type { LiveCollection } from '@site/domain';
import { infiniteQueryOptions, useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getList, type ListPage } from '../api-client';
import { adminKeys } from './admin-keys';

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

export type ListData<T> = InfiniteData<ListPage<T>, string | null>;

/** The loaded records of a list, and its total from X-Total-Count (the first page's count). */
export function useAdminList<T>(options: ReturnType<typeof listQueryOptions<T>>) {
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
 * How many records a list holds, for its tab's label, without loading its records: one record's
 * page, whose X-Total-Count is a count on the server. GET /api/dashboard seeds it; refreshed
 * with the list (its key is under the list's), so a live change keeps it current.
 */
export function useListCount(collection: LiveCollection, url: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: adminKeys.count(collection),
    queryFn: async () => (await getList<unknown>(pageUrl(url, null, 1))).total ?? 0,
    enabled,
  });
}
