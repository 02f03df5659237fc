import './styles/public.css';
import { askedTab, loadAccountPage, loadAdminPage, loadLoginPage, tabCode } from './app/admin-code';
import { paths, routeOf } from './config/paths';

/**
 * The admin area's entry (admin.html, served at /login, /admin and /admin/account). It imports
 * nothing heavy itself: it starts, all at once, the app (React, MUI, the admin layout), the page
 * the address names and, on the dashboard, the tab it asks for, so they download side by side.
 * None of the public pages' route table, islands or site data comes along; their entry is main.tsx.
 */
const page = routeOf(window.location.pathname);
const tab = page === paths.admin ? tabCode[askedTab(window.location.search)]() : undefined;
const parts: Promise<unknown>[] = [];
if (page === paths.admin) parts.push(loadAdminPage());
else if (page === paths.account) parts.push(loadAccountPage());
else if (page === paths.login) parts.push(loadLoginPage());

// The app renders once they are here; one that failed to load is loaded again (and reported)
// where it renders.
void import('./app/admin-app').then(({ startAdminApp }) =>
  startAdminApp(
    Promise.allSettled(parts),
    tab?.catch(() => undefined),
  ),
);
