import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import AdminArea from './admin-area';
import { loadLoginPage, type TabModule } from './admin-code';
import AdminLayout from './admin-layout';
import { adminRouteTable } from './admin-routes';
import { loaderLazy } from './loader-lazy';
import { paths } from '../config/paths';
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
 * Renders the admin area into the page's #root (until then it shows the HTML's spinner), once
 * the code the address needs (`parts`: the page; `tab`: the dashboard's tab) and, on the
 * dashboard, the session with the dashboard's first screen are here. The first render is then
 * the screen itself, and a transition: React renders it in slices of a few milliseconds and
 * yields to the browser between them. Data arriving after a first render re-renders
 * synchronously (TanStack Query's store), on a phone's slow processor a task of several hundred
 * milliseconds during which a tap waits.
 */
export async function startAdminApp(parts: Promise<unknown>, tab?: Promise<TabModule | undefined>) {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const queryClient = getQueryClient();
  const { pathname } = window.location;
  const loadSession = sessionLoader(pathname);
  // A failed read stays in the cache as an error; the auth provider then reads it again.
  const session = queryClient.prefetchQuery({ queryKey: userQueryKey, queryFn: () => loadSession(queryClient) });
  const onDashboard = pathname.replace(/\/+$/, '') === paths.admin;
  // The tab's first page is asked for as soon as its code and the session are here (when someone
  // is signed in to read it), beside the first render rather than after it.
  if (onDashboard)
    void Promise.all([tab, session]).then(([module]) =>
      queryClient.getQueryData(userQueryKey) ? module?.firstScreen?.(queryClient) : undefined,
    );
  // The sign-in and account pages show their form at once; the dashboard waits for the session
  // with its first screen, and for its tab's code.
  await Promise.all([parts, onDashboard ? Promise.all([session, tab]) : undefined]);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <BrowserRouter>
          <AdminRoutes />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}
