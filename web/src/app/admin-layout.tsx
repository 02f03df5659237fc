import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AuthProvider } from '../lib/auth/auth-provider';
import { AppProviders } from './providers';
import { sessionLoader } from './session-loader';

/**
 * The layout route of /login and /admin: full MUI, and the session is known to both. Opened at
 * the dashboard, it reads the session with the dashboard's first screen (GET /api/dashboard),
 * so the dashboard paints after that one request.
 */
export default function AdminLayout() {
  const { pathname } = useLocation();
  const [loadSession] = useState(() => sessionLoader(pathname));
  return (
    <AppProviders>
      <AuthProvider loadSession={loadSession}>
        <Outlet />
      </AuthProvider>
    </AppProviders>
  );
}
