import type { LiveCollection } from '@site/domain';
import type { QueryClient } from '@tanstack/react-query';
import { adminKeys, type LeadCollection } from './admin-keys';
import type { ListData } from './list-query';

interface Identified {
  id: string;
}

const isLead = (collection: LiveCollection): collection is LeadCollection =>
  collection === 'project_inquiries' || collection === 'quote_requests';
/** Every loaded list of a collection: a lead list per filter, or the one list of the others. */
const listsOf = (collection: LiveCollection) => ({
  queryKey: isLead(collection) ? adminKeys.leadLists(collection) : adminKeys.list(collection),
  exact: !isLead(collection),
});

/** Takes a deleted record out of the loaded pages at once, before the refetch confirms it. */
export function removeFromList(queryClient: QueryClient, collection: LiveCollection, id: string) {
  queryClient.setQueriesData<ListData<Identified>>(listsOf(collection), (data) => {
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

/**
 * Replaces a changed record in the loaded pages. In a filtered list it may no longer belong
 * (another status); the refetch that follows takes it out.
 */
export function replaceInList<T extends Identified>(queryClient: QueryClient, collection: LiveCollection, record: T) {
  queryClient.setQueriesData<ListData<T>>(
    listsOf(collection),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === record.id ? record : item)),
        })),
      },
  );
}
