import { Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';

const ROWS = ['a', 'b', 'c'];

/** Placeholder rows while a card's resources load. */
export function ResourceTableSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-3">
      {ROWS.map((row) => (
        <div key={row} className="flex items-center gap-4">
          <Skeleton className="size-12 rounded-lg" />
          <Skeleton className="h-5 flex-1 rounded-lg" />
          <Skeleton className="h-6 w-20 rounded-full" />
        </div>
      ))}
    </div>
  );
}
