import { useEffect } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router';
import AdminArea from './admin-area';
import { loadLoginPage } from './admin-code';
import AdminLayout from './admin-layout';
import { adminRouteTable } from './admin-routes';
import { loaderLazy } from './loader-lazy';

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

/** The admin area's routes, as the app renders them in the browser and the server renders the dashboard's first screen. */
export function AdminRoutes() {
  return useRoutes(routes);
}
