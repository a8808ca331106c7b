import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID, SkipLink } from '../components/skip-link.tsx';
import { PageLoading } from './page-loading.tsx';

/** Frame of pages reachable from mail links, signed in or not: a centered column without the sidebar. */
export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex min-h-dvh flex-col items-center justify-center bg-background p-4 outline-none"
      >
        <div className="w-full max-w-lg">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </>
  );
}
