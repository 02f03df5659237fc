import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../config/paths';

// Each admin page is its own chunk. Choosing between them here rather than in the route table
// keeps their import code out of the public pages' start-up script.
const AdminPage = lazy(() => import('./pages/admin-page'));
const AccountPage = lazy(() => import('./pages/account-page'));

/** /admin and /admin/account. */
export default function AdminArea() {
  const { pathname } = useLocation();
  const account = pathname.replace(/\/+$/, '') === paths.account;
  return <Suspense fallback={null}>{account ? <AccountPage /> : <AdminPage />}</Suspense>;
}
