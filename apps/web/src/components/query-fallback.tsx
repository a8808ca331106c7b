import { Card, Skeleton } from '@heroui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';
import { LoadError } from './load-error.tsx';

type QueryFallbackProps = {
  /** A query that has no data yet: still pending, or failed. */
  query: Pick<UseQueryResult, 'isPending' | 'error' | 'refetch'>;
  /** Size and shape of the skeleton while the first answer is on its way. */
  skeletonClassName: string;
  errorTitle: string;
  errorMessage?: (error: Error) => string | undefined;
  /** Shown without a retry when the thing does not exist (404): trying again would not help. */
  notFoundTitle?: string;
};

/**
 * What a screen shows instead of its data: a skeleton, then a translated error with a retry.
 * Callers render it when `!query.isSuccess`, which also narrows `query.data` after the check.
 */
export function QueryFallback({
  query,
  skeletonClassName,
  errorTitle,
  errorMessage,
  notFoundTitle,
}: QueryFallbackProps) {
  if (query.isPending || !query.error) return <Skeleton className={skeletonClassName} />;
  const { error } = query;
  if (notFoundTitle && error instanceof ApiError && error.status === 404) {
    return <LoadError title={notFoundTitle} />;
  }
  return (
    <LoadError
      title={errorTitle}
      message={errorMessage ? errorMessage(error) : error.message}
      onRetry={() => void query.refetch()}
    />
  );
}

/** A list with nothing in it yet, said in words rather than an empty table. */
export function EmptyState({ title, message }: { title: string; message: string }) {
  return (
    <Card className="items-center gap-2 p-10 text-center">
      <Card.Title>{title}</Card.Title>
      <Card.Description>{message}</Card.Description>
    </Card>
  );
}
