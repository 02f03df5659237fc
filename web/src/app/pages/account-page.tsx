import { PageMeta } from '#web/components/page-meta.tsx';
import AccountPage from '#web/features/account/account-page.tsx';
import { ProtectedRoute } from '#web/lib/auth/protected-route.tsx';

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
