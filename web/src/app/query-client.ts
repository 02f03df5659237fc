import { QueryClient } from '@tanstack/react-query';

/** No automatic retries, no refetch on focus or interval, data never stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The query client of the page. The parts of a public page that fetch (reviews, showroom,
 * dialogs) load separately and each brings its own provider; in the browser they all share
 * one client, so the admin's changes still refresh the public lists in the same visit. Each
 * prerender gets a fresh one, so no page's state leaks into another's HTML.
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
