import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from './page-header.tsx';
import { QueryFallback } from './query-fallback.tsx';

type LoadedPageProps<T> = {
  /** The saved thing the page shows or edits. */
  query: UseQueryResult<T>;
  /** The page's title and back link while the thing loads or fails to. */
  title: string;
  back: { to: string; label: string };
  skeletonClassName?: string;
  errorTitle: string;
  errorMessage: (error: Error) => string | undefined;
  /** Shown without a retry when the thing does not exist. */
  notFoundTitle: string;
  /**
   * The page once the thing is there. It starts from the saved values once: a refetch (focus,
   * reconnect, a live update) does not wipe what is being typed.
   */
  children: (data: T) => ReactNode;
};

/** An editor page that loads its thing first: until then the header and a skeleton or the error. */
export function LoadedPage<T>({
  query,
  title,
  back,
  skeletonClassName = 'h-96 w-full rounded-2xl',
  errorTitle,
  errorMessage,
  notFoundTitle,
  children,
}: LoadedPageProps<T>) {
  if (query.isSuccess) return children(query.data);
  return (
    <>
      <PageHeader title={title} back={back} />
      <QueryFallback
        query={query}
        skeletonClassName={skeletonClassName}
        errorTitle={errorTitle}
        errorMessage={errorMessage}
        notFoundTitle={notFoundTitle}
      />
    </>
  );
}
