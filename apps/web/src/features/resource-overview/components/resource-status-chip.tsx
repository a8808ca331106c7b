import { Chip, Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/** "In Use" while a session runs, else "Available" (spec 01 §2); a placeholder until known. */
export function ResourceStatusChip({ isInUse }: { isInUse: boolean | undefined }) {
  const { t } = useTranslation();
  if (isInUse === undefined) return <Skeleton className="h-6 w-20 rounded-full" />;
  return isInUse ? (
    <Chip color="warning" variant="soft">
      {t('resourceOverview.status.inUse')}
    </Chip>
  ) : (
    <Chip color="success" variant="soft">
      {t('resourceOverview.status.available')}
    </Chip>
  );
}
