import './styles/public.css';
import { lazy, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import AdminArea, { loadAccountPage, loadAdminPage } from './app/admin-area';
import AdminLayout from './app/admin-layout';
import { adminRouteTable, loadLoginPage } from './app/admin-routes';
import { paths } from './config/paths';

/**
 * The admin area's entry (admin.html, served at /login, /admin and /admin/account): React, MUI,
 * the admin layout and the page the address names, without the public pages' route table,
 * islands or site data. The public site's entry is main.tsx.
 */

// The page the address names starts downloading now, beside this script's own imports, not
// once the layout has rendered.
const page = window.location.pathname.replace(/\/+$/, '');
if (page === paths.admin) void loadAdminPage().catch(() => undefined);
else if (page === paths.account) void loadAccountPage().catch(() => undefined);
else if (page === paths.login) void loadLoginPage().catch(() => undefined);

/** An address outside the admin area, reached by a link inside it: the site's own page for it, loaded afresh. */
function SitePage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => {
    window.location.replace(pathname + search + hash);
  }, [pathname, search, hash]);
  return null;
}

const routes: RouteObject[] = [
  ...adminRouteTable({ Layout: AdminLayout, Login: lazy(loadLoginPage), Area: AdminArea }),
  { path: '*', element: <SitePage /> },
];

function AdminRoutes() {
  return useRoutes(routes);
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <AdminRoutes />
    </BrowserRouter>
  </StrictMode>,
);
