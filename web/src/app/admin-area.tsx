import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { paths, routeOf } from '../config/paths';
import { loadAccountPage, loadAdminPage } from './admin-code';
import { loaderLazy } from './loader-lazy';

// Each admin page is its own chunk. Choosing between them here rather than in the route table
// keeps their import code out of the public pages' start-up script.
const AdminPage = loaderLazy(loadAdminPage);
const AccountPage = loaderLazy(loadAccountPage);

/** /admin and /admin/account. */
export default function AdminArea() {
  const { pathname } = useLocation();
  const account = routeOf(pathname) === paths.account;
  return <Suspense fallback={null}>{account ? <AccountPage /> : <AdminPage />}</Suspense>;
}
