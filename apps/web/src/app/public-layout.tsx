import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from './page-loading.tsx';

/** Frame of pages reachable from mail links, signed in or not: a centered column without the sidebar. */
export function PublicLayout() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-background p-4">
      <div className="w-full max-w-lg">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </main>
  );
}
