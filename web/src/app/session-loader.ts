import { paths, routeOf } from '../config/paths';
import { sessionWithDashboard } from '../features/dashboard/api/dashboard-start';
import { getCurrentUser } from '../lib/auth/auth-api';

/**
 * How the admin area reads the session at an address: on the dashboard, with its first screen
 * (GET /api/dashboard, one request), elsewhere GET /api/user.
 */
export function sessionLoader(pathname: string) {
  return routeOf(pathname) === paths.admin ? sessionWithDashboard : getCurrentUser;
}
