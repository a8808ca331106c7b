import { lazy } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { AccessGate } from './access-gate.tsx';
import { PublicLayout } from './public-layout.tsx';
import { RootLayout } from './root-layout.tsx';
import { ROUTE_ACCESS } from './route-access.ts';
import { RouteError } from './route-error.tsx';
import type { RouteHandle } from './route-handle.ts';

// Each page is its own chunk, so the sign-in screen loads only what it needs.
const ResourcesPage = lazy(() => import('../pages/resources-page.tsx'));
const UsersPage = lazy(() => import('../pages/users-page.tsx'));
const UserDetailsPage = lazy(() => import('../pages/user-details-page.tsx'));
const AccountSettingsPage = lazy(() => import('../pages/account-settings-page.tsx'));
const DependenciesPage = lazy(() => import('../pages/dependencies-page.tsx'));
const VerifyEmailPage = lazy(() => import('../pages/verify-email-page.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page.tsx'));
const ConfirmEmailChangePage = lazy(() => import('../pages/confirm-email-change-page.tsx'));
const NotFoundPage = lazy(() => import('../pages/not-found-page.tsx'));

const publicRoute = { access: 'public' } satisfies RouteHandle;
const signedIn = { access: 'login' } satisfies RouteHandle;
const resources = { access: ROUTE_ACCESS.resources } satisfies RouteHandle;
const accountSettings = { access: ROUTE_ACCESS.accountSettings } satisfies RouteHandle;
const manageUsers = { access: ROUTE_ACCESS.users } satisfies RouteHandle;

/** Routes and access levels of spec 01 §2 that exist so far. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'verify-email', element: <VerifyEmailPage />, handle: publicRoute },
          { path: 'reset-password', element: <ResetPasswordPage />, handle: publicRoute },
          { path: 'confirm-email-change', element: <ConfirmEmailChangePage />, handle: publicRoute },
        ],
      },
      {
        path: '/',
        element: <AccessGate />,
        children: [
          { index: true, element: <Navigate to="/resources" replace />, handle: signedIn },
          { path: 'resources', element: <ResourcesPage />, handle: resources },
          { path: 'users', element: <UsersPage />, handle: manageUsers },
          { path: 'users/:id', element: <UserDetailsPage />, handle: manageUsers },
          { path: 'account-settings', element: <AccountSettingsPage />, handle: accountSettings },
          { path: 'dependencies', element: <DependenciesPage />, handle: publicRoute },
          { path: '*', element: <NotFoundPage />, handle: signedIn },
        ],
      },
    ],
  },
]);
