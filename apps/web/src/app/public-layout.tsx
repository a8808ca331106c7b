import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { MainContent, SkipLink } from '../components/skip-link.tsx';
import { PageLoading } from './page-loading.tsx';

/** Frame of pages reachable from mail links, signed in or not: a centered column without the sidebar. */
export function PublicLayout() {
  return (
    <>
      <SkipLink />
      <MainContent className="flex min-h-dvh flex-col items-center justify-center bg-background p-4">
        <div className="w-full max-w-lg">
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </div>
      </MainContent>
    </>
  );
}
