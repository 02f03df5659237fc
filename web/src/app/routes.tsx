import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { paths } from '../config/paths';

// The admin area and the showroom load only when visited.
const AuthLayout = lazy(() => import('../features/auth/auth-layout'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const AdminPage = lazy(() => import('../features/admin/admin-page'));
const ShowroomPage = lazy(() => import('../features/showroom/showroom-page'));

export const adminRoutes: RouteObject[] = [
  {
    element: <AuthLayout />,
    children: [
      { path: paths.login, element: <LoginPage /> },
      { path: paths.admin, element: <AdminPage /> },
    ],
  },
];

export const showroomRoute: RouteObject = { path: paths.showroom, element: <ShowroomPage /> };
