import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '../../components/admin/page-loading';
import { paths } from '../../config/paths';
import { useAuth } from './use-auth';

/**
 * A spinner while the session is checked, the page when signed in, otherwise
 * /login, which brings the admin back to the page asked for. An admin who must still set up
 * a second factor sees only the Account page (`allowMfaSetup`): the server refuses the rest.
 */
export function ProtectedRoute({ children, allowMfaSetup = false }: { children: ReactNode; allowMfaSetup?: boolean }) {
  const { user, isLoading, logoutMutation } = useAuth();
  const location = useLocation();

  if (isLoading) {
    return <PageLoading label="Checking your session" />;
  }
  if (!user) {
    // After a deliberate logout the admin goes to plain /login, not back to where they were.
    const signedOut = logoutMutation.isPending || logoutMutation.isSuccess;
    const next = `${location.pathname}${location.search}`;
    const to = signedOut ? paths.login : `${paths.login}?next=${encodeURIComponent(next)}`;
    return <Navigate to={to} replace />;
  }
  if (user.mfaSetupRequired && !allowMfaSetup) return <Navigate to={paths.account} replace />;
  return <>{children}</>;
}
