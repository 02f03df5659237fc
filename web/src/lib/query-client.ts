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
/** The client the server's render of the dashboard reads (admin-server.tsx), seeded before it renders. */
let serverClient: QueryClient | undefined;

/** On the server: the query client the next render reads (one render at a time), or none. */
export function setServerQueryClient(client: QueryClient | undefined) {
  serverClient = client;
}

/**
 * The query client of the page. The public dialogs and the admin area load separately and
 * each brings its own provider; in the browser they share one client. Each prerender gets a
 * fresh one, so no page's state leaks into another's HTML. (The public lists, the reviews and
 * the showroom's models, do not use it: see lib/public-list.ts.)
 */
export function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return serverClient ?? createQueryClient();
  browserClient ??= createQueryClient();
  return browserClient;
}
