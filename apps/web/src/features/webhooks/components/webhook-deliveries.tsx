import { Chip, Skeleton, Table } from '@heroui/react';
import { useQuery } from '@tanstack/react-query';
import type { DeliveryLogEntry } from '@toolpass/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { webhookDeliveriesQuery } from '../api/webhooks-queries.ts';

type WebhookDeliveriesProps = { resourceId: number; webhookId: number };

/** The webhook's last deliveries, newest first, read again while shown (issue 15 item 5). */
export function WebhookDeliveries({ resourceId, webhookId }: WebhookDeliveriesProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const deliveries = useQuery(webhookDeliveriesQuery(resourceId, webhookId));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h5 id={headingId} className="text-sm font-semibold">
        {t('webhooks.deliveries.title')}
      </h5>
      {deliveries.isPending && <Skeleton className="h-20 w-full rounded-lg" />}
      {deliveries.isLoadingError && (
        <LoadError title={t('webhooks.deliveries.loadFailed')} onRetry={() => void deliveries.refetch()} />
      )}
      {deliveries.data && <DeliveriesTable deliveries={deliveries.data} />}
    </section>
  );
}

function DeliveriesTable({ deliveries }: { deliveries: DeliveryLogEntry[] }) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable aria-label={t('webhooks.deliveries.title')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('webhooks.deliveries.time')}</Table.Column>
        <Table.Column>{t('webhooks.deliveries.event')}</Table.Column>
        <Table.Column>{t('webhooks.deliveries.attempts')}</Table.Column>
        <Table.Column>{t('webhooks.deliveries.status')}</Table.Column>
        <Table.Column>{t('webhooks.deliveries.error')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={deliveries}
        // Rows are cached by item: the language they are worded in is listed here (README).
        dependencies={[i18n.language]}
        renderEmptyState={() => (
          <p className="p-4 text-center text-muted">{t('webhooks.deliveries.empty')}</p>
        )}
      >
        {(delivery) => (
          <Table.Row id={delivery.id}>
            <Table.Cell className="whitespace-nowrap">{formatDateTime(delivery.createdAt)}</Table.Cell>
            <Table.Cell>
              <EventName eventType={delivery.eventType} />
            </Table.Cell>
            <Table.Cell>{delivery.attempts}</Table.Cell>
            <Table.Cell>
              <DeliveryStatusChip status={delivery.status} />
            </Table.Cell>
            <Table.Cell className="min-w-40 wrap-anywhere">{delivery.lastError ?? '-'}</Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}

function EventName({ eventType }: { eventType: string | null }) {
  const { t } = useTranslation();
  switch (eventType) {
    case 'usage.started':
      return t('webhooks.deliveries.events.started');
    case 'usage.ended':
      return t('webhooks.deliveries.events.ended');
    case 'usage.taken-over':
      return t('webhooks.deliveries.events.takenOver');
    default:
      return eventType ?? '-';
  }
}

function DeliveryStatusChip({ status }: { status: DeliveryLogEntry['status'] }) {
  const { t } = useTranslation();
  switch (status) {
    case 'done':
      return (
        <Chip color="success" size="sm" variant="soft">
          {t('webhooks.deliveries.statuses.done')}
        </Chip>
      );
    case 'failed':
      return (
        <Chip color="danger" size="sm" variant="soft">
          {t('webhooks.deliveries.statuses.failed')}
        </Chip>
      );
    case 'pending':
      return (
        <Chip color="warning" size="sm" variant="soft">
          {t('webhooks.deliveries.statuses.pending')}
        </Chip>
      );
  }
}
