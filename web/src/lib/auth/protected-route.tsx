import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '#web/config/paths.ts';
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
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <CircularProgress aria-label="Checking your session" />
      </Box>
    );
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
