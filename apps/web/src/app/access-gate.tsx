import { lazy, Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { AccessDenied } from '../components/access-denied.tsx';
import { hasAccess } from '../sign-in/access.ts';
import { useSignIn } from '../sign-in/sign-in-context.tsx';
import { PageLoading } from './page-loading.tsx';
import { useRouteRule } from './route-handle.ts';

const SignInPage = lazy(() => import('../pages/sign-in-page.tsx'));
const AppShell = lazy(() => import('./shell/app-shell.tsx'));

/**
 * Spec 01 §2: visitors get the sign-in screen on every non-public path (unmatched ones too) without
 * the layout; signed-in users get the layout, and an access-denied element where they lack a permission
 * (or the route's own redirect, where it names one).
 */
export function AccessGate() {
  const { user } = useSignIn();
  const { access, redirectWhenDenied } = useRouteRule();

  if (!user) {
    return (
      <Suspense fallback={<PageLoading />}>
        {access === 'public' ? (
          <main className="mx-auto max-w-5xl p-4 md:p-8">
            <Outlet />
          </main>
        ) : (
          <SignInPage />
        )}
      </Suspense>
    );
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <AppShell>
        <Suspense fallback={<PageLoading />}>
          {hasAccess(user, access) ? (
            <Outlet />
          ) : redirectWhenDenied ? (
            <Navigate to={redirectWhenDenied} replace />
          ) : (
            <AccessDenied />
          )}
        </Suspense>
      </AppShell>
    </Suspense>
  );
}
