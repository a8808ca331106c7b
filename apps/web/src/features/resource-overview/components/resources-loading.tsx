import { Spinner } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { GroupCardSkeleton } from './group-card-skeleton.tsx';

/**
 * The overview while its resources load: placeholder cards and, in words, what is happening,
 * also while a failed load is tried again (which takes seconds before the error shows).
 */
export function ResourcesLoading({ isRetrying }: { isRetrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="flex items-center gap-2 text-sm text-muted">
        {/* The words say it; the spinner's own "Loading" would say it twice. */}
        <span aria-hidden="true" className="inline-flex">
          <Spinner size="sm" />
        </span>
        {isRetrying ? t('resourceOverview.retrying') : t('resourceOverview.loading')}
      </p>
      <div aria-hidden="true" className="flex flex-col gap-6">
        <GroupCardSkeleton />
        <GroupCardSkeleton />
      </div>
    </div>
  );
}
