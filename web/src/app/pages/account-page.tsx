import { PageMeta } from '../../components/page-meta';
import AccountPage from '../../features/account/account-page';
import { ProtectedRoute } from '../../lib/auth/protected-route';

/** /admin/account: the one admin page open while a required second factor is not set up yet. */
export default function AccountRoute() {
  return (
    <>
      <PageMeta title="Account" description="Your password, second factors and signed-in browsers." keywords="admin, account" noindex />
      <ProtectedRoute allowMfaSetup>
        <AccountPage />
      </ProtectedRoute>
    </>
  );
}
