import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import AdminArea from './admin-area';
import { loadLoginPage, type TabModule } from './admin-code';
import AdminLayout from './admin-layout';
import { adminRouteTable } from './admin-routes';
import { loaderLazy } from './loader-lazy';
import { PartBoundary } from '../components/admin/part-boundary';
import { paths, routeOf } from '../config/paths';
import { getQueryClient } from '../lib/query-client';
import { userQueryKey } from '../lib/auth/auth-api';
import { sessionLoader } from './session-loader';

/** An address outside the admin area, reached by a link inside it: the site's own page for it, loaded afresh. */
function SitePage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return null;
}

const routes: RouteObject[] = [
  ...adminRouteTable({ Layout: AdminLayout, Login: loaderLazy(loadLoginPage), Area: AdminArea }),
  { path: '*', element: <SitePage /> },
];

function AdminRoutes() {
  return useRoutes(routes);
}

/**
 * Renders the admin area into the page's #root once the code the address needs is here
 * (`parts`: the page; `tab`: the dashboard's tab), so the first render is the page rather than
 * a fallback followed by it. The render is a transition: React renders in slices of a few
 * milliseconds and yields to the browser between them, where a single render of the MUI tree
 * would hold a phone's slow processor for several hundred milliseconds. The page shows its
 * spinner while the session, asked for here if the HTML has not already, is checked.
 */
export async function startAdminApp(parts: Promise<unknown>, tab?: Promise<TabModule | undefined>) {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const queryClient = getQueryClient();
  const { pathname } = window.location;
  const loadSession = sessionLoader(pathname);
  // A failed read stays in the cache as an error; the auth provider then reads it again.
  const session = queryClient.prefetchQuery({ queryKey: userQueryKey, queryFn: () => loadSession(queryClient) });
  // The tab's first page is asked for as soon as its code and the session are here (when someone
  // is signed in to read it), beside the dashboard's render rather than after it.
  if (routeOf(pathname) === paths.admin)
    void Promise.all([tab, session]).then(([module]) =>
      queryClient.getQueryData(userQueryKey) ? module?.firstScreen?.(queryClient) : undefined,
    );
  await Promise.all([parts, tab]);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <PartBoundary part="This page">
          <BrowserRouter>
            <AdminRoutes />
          </BrowserRouter>
        </PartBoundary>
      </StrictMode>,
    );
  });
}
