import { Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';

const ROWS = ['a', 'b', 'c', 'd', 'e'];

export function UsersTableSkeleton() {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-label={t('common.loading')}
      className="flex flex-col gap-3 rounded-2xl bg-surface p-4"
    >
      {ROWS.map((row) => (
        <Skeleton key={row} className="h-8 w-full rounded-lg" />
      ))}
    </div>
  );
}
