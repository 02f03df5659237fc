import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../config/paths';

// Each admin page is its own chunk. Choosing between them here rather than in the route table
// keeps their import code out of the public pages' start-up script.
export const loadAdminPage = () => import('./pages/admin-page');
export const loadAccountPage = () => import('./pages/account-page');
const AdminPage = lazy(loadAdminPage);
const AccountPage = lazy(loadAccountPage);

/** /admin and /admin/account. */
export default function AdminArea() {
  const { pathname } = useLocation();
  const account = pathname.replace(/\/+$/, '') === paths.account;
  return <Suspense fallback={null}>{account ? <AccountPage /> : <AdminPage />}</Suspense>;
}
