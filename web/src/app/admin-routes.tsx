import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { loadLoginPage } from './admin-code';

/** The admin area's parts: its layout route, the sign-in page, and the area (/admin, /admin/account). */
export interface AdminParts {
  Layout: ComponentType;
  Login: ComponentType;
  Area: ComponentType;
}

const deferred = (page: ReactNode) => <Suspense fallback={null}>{page}</Suspense>;

/** The routes of /login, /admin and /admin/account, made of the given parts. */
export function adminRouteTable({ Layout, Login, Area }: AdminParts): RouteObject[] {
  return [
    {
      element: deferred(<Layout />),
      children: [
        { path: paths.login, element: deferred(<Login />) },
        { path: paths.admin, element: deferred(<Area />) },
        { path: paths.account, element: deferred(<Area />) },
      ],
    },
  ];
}

/**
 * The admin area's routes in the public app's table (the development server's pages, and a
 * link followed inside the app): every part loads only when visited. The admin area's own
 * entry (admin-main.tsx) serves them in production.
 */
export const adminRoutes = adminRouteTable({
  Layout: lazy(() => import('./admin-layout')),
  Login: lazy(loadLoginPage),
  Area: lazy(() => import('./admin-area')),
});
