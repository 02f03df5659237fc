import type { LiveCollection } from '@site/domain';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';
import type { ListData } from './list-query';

interface Identified {
  id: string;
}

/** Takes a deleted record out of the loaded pages at once, before the refetch confirms it. */
export function removeFromList(queryClient: QueryClient, collection: LiveCollection, id: string) {
  queryClient.setQueryData<ListData<Identified>>(adminKeys.list(collection), (data) => {
    if (!data || !data.pages.some((page) => page.items.some((item) => item.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        items: page.items.filter((item) => item.id !== id),
        total: index === 0 && page.total !== null ? Math.max(0, page.total - 1) : page.total,
      })),
    };
  });
}

/** Replaces a changed record in the loaded pages. */
export function replaceInList<T extends Identified>(queryClient: QueryClient, collection: LiveCollection, record: T) {
  queryClient.setQueryData<ListData<T>>(adminKeys.list(collection), (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((item) => (item.id === record.id ? record : item)),
      })),
    },
  );
}
