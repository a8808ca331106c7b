import { Chip, Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { ElapsedTimer } from '../../usage/components/elapsed-timer.tsx';

/**
 * "In Use" with the session's running time while one runs, else "Available" (spec 01 §2); a
 * placeholder until known. The time shows everyone a session that was forgotten (issue 28).
 */
export function ResourceStatusChip({ inUseSince }: { inUseSince: string | null | undefined }) {
  const { t } = useTranslation();
  if (inUseSince === undefined) return <Skeleton className="h-6 w-20 rounded-full" />;
  return inUseSince !== null ? (
    <span className="inline-flex flex-col items-start gap-0.5">
      <Chip color="warning" variant="soft">
        {t('resourceOverview.status.inUse')}
      </Chip>
      <ElapsedTimer since={inUseSince} size="sm" />
    </span>
  ) : (
    <Chip color="success" variant="soft">
      {t('resourceOverview.status.available')}
    </Chip>
  );
}
