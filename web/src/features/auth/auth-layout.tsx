import { Outlet } from 'react-router';
import { AppProviders } from '../../app/providers';
import { AuthProvider } from './auth-provider';

/** The layout route of /login and /admin: full MUI, and the session is known to both. */
export default function AuthLayout() {
  return (
    <AppProviders>
      <AuthProvider>
        <Outlet />
      </AuthProvider>
    </AppProviders>
  );
}
