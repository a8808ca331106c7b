import { Chip } from '@heroui/react';
import type { DeliveryLogEntry } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';

const COLOR = { pending: 'warning', done: 'success', failed: 'danger' } as const;

/** Waiting or retried, delivered, or given up. */
export function DeliveryStatusChip({ status }: { status: DeliveryLogEntry['status'] }) {
  const { t } = useTranslation();
  const label =
    status === 'done'
      ? t('mqtt.deliveries.statusDone')
      : status === 'failed'
        ? t('mqtt.deliveries.statusFailed')
        : t('mqtt.deliveries.statusPending');
  return (
    <Chip size="sm" variant="soft" color={COLOR[status]}>
      {label}
    </Chip>
  );
}
