import { Outlet } from 'react-router';
import { AuthProvider } from '../lib/auth/auth-provider';
import { AppProviders } from './providers';

/** The layout route of /login and /admin: full MUI, and the session is known to both. */
export default function AdminLayout() {
  return (
    <AppProviders>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </AppProviders>
  );
}
