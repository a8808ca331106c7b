import { Chip } from '@heroui/react';
import type { OutOfOrder } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';

/** "Out of order" and the reason the manager gave (decision 21). */
export function OutOfOrderChip({ outOfOrder }: { outOfOrder: OutOfOrder }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-2">
      <Chip color="danger" variant="soft">
        {t('safetyRules.outOfOrder.chip')}
      </Chip>
      <span className="line-clamp-3 min-w-0 text-sm wrap-anywhere">{outOfOrder.reason}</span>
    </span>
  );
}
