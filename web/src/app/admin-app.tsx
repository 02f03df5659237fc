import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import type { TabModule } from './admin-code';
import { AdminRoutes } from './admin-app-routes';
import { PartBoundary } from '../components/admin/part-boundary';
import { paths, routeOf } from '../config/paths';
import { getQueryClient } from '../lib/query-client';
import { userQueryKey } from '../lib/auth/auth-api';
import { sessionLoader } from './session-loader';

/** The page's #root, which the app renders into or takes over. */
function rootElement(): HTMLElement {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  return container;
}

/** The admin area as the browser renders it; `before` goes ahead of it (a component that only watches). */
const adminApp = (before?: ReactNode) => (
  <StrictMode>
    {before}
    <PartBoundary part="This page">
      <BrowserRouter>
        <AdminRoutes />
      </BrowserRouter>
    </PartBoundary>
  </StrictMode>
);

/**
 * Renders the admin area into the page's #root once the code the address needs is here
 * (`parts`: the page; `tab`: the dashboard's tab), so the first render is the page rather than
 * a fallback followed by it. The render is a transition: React renders in slices of a few
 * milliseconds and yields to the browser between them, where a single render of the MUI tree
 * would hold a phone's slow processor for several hundred milliseconds. The page shows its
 * spinner while the session, asked for here if the HTML has not already, is checked.
 */
export async function startAdminApp(parts: Promise<unknown>, tab?: Promise<TabModule | undefined>) {
  const container = rootElement();
  const queryClient = getQueryClient();
  const { pathname } = window.location;
  const loadSession = sessionLoader(pathname);
  // A failed read stays in the cache as an error; the auth provider then reads it again.
  const session = queryClient.prefetchQuery({ queryKey: userQueryKey, queryFn: () => loadSession(queryClient) });
  // The tab's first page is asked for as soon as its code and the session are here (when someone
  // is signed in to read it), beside the dashboard's render rather than after it.
  if (routeOf(pathname) === paths.admin)
    void Promise.all([tab, session]).then(([module]) =>
      queryClient.getQueryData(userQueryKey) ? module?.firstScreen?.(queryClient, window.location) : undefined,
    );
  await Promise.all([parts, tab]);
  const root = createRoot(container);
  startTransition(() => {
    root.render(adminApp());
  });
}

/**
 * Takes over the dashboard's first screen the server rendered into #root (admin-server.tsx):
 * the query cache it was rendered from, then React hydrating its markup, which keeps the page's
 * nodes (so a tap held back meanwhile is replayed on the node it was made on). Resolves once
 * the app has taken the page over. What the first screen shows may be minutes old by then: every
 * query is read again afterwards, as after a reconnection.
 */
export async function hydrateAdminApp(state: DehydratedState, parts: Promise<unknown>, tab?: Promise<TabModule | undefined>) {
  const container = rootElement();
  const queryClient = getQueryClient();
  hydrate(queryClient, state);
  await Promise.all([parts, tab]);
  await new Promise<void>((hydrated) => {
    function TakenOver() {
      useEffect(hydrated, []);
      return null;
    }
    hydrateRoot(container, adminApp(<TakenOver />), {
      // A page rendered a while ago differs from what the app draws now (a lead's "2 minutes
      // ago", a count since changed): React then draws it afresh, which is the intent.
      onRecoverableError: () => undefined,
    });
  });
  void queryClient.invalidateQueries();
}
