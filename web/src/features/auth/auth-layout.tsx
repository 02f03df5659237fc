import { Outlet } from 'react-router';
import { AuthProvider } from './auth-provider';

/** The layout route of /login and /admin: the session is known to both. */
export default function AuthLayout() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
