import { Table } from '@heroui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useMqttDeliveries } from '../api/use-mqtt-configurations.ts';
import { mqttErrorDetail } from '../hooks/mqtt-error-messages.ts';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';

function eventLabel(t: TFunction, eventType: string | null): string {
  switch (eventType) {
    case 'usage.started':
      return t('mqtt.deliveries.eventStarted');
    case 'usage.ended':
      return t('mqtt.deliveries.eventEnded');
    case 'usage.taken-over':
      return t('mqtt.deliveries.eventTakenOver');
    default:
      return eventType ?? '-';
  }
}

type MqttDeliveriesProps = { resourceId: number; configId: number; configurationName: string };

/** The last deliveries of usage events to one configuration, newest first (issue 15). */
export function MqttDeliveries({ resourceId, configId, configurationName }: MqttDeliveriesProps) {
  const { t, i18n } = useTranslation();
  const deliveries = useMqttDeliveries(resourceId, configId);

  if (!deliveries.isSuccess) {
    return (
      <QueryFallback
        query={deliveries}
        skeletonClassName="h-24 w-full rounded-lg"
        errorTitle={t('mqtt.deliveries.loadFailed')}
        errorMessage={(error) => mqttErrorDetail(t, error)}
      />
    );
  }
  return (
    <ScrollTable aria-label={t('mqtt.deliveries.tableLabel', { name: configurationName })}>
      <Table.Header>
        <Table.Column isRowHeader>{t('mqtt.deliveries.time')}</Table.Column>
        <Table.Column>{t('mqtt.deliveries.event')}</Table.Column>
        <Table.Column>{t('mqtt.deliveries.attempts')}</Table.Column>
        <Table.Column>{t('mqtt.deliveries.status')}</Table.Column>
        <Table.Column>{t('mqtt.deliveries.error')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={deliveries.data}
        // Rows are cached by item; the event names follow the language (README).
        dependencies={[i18n.language]}
        renderEmptyState={() => <p className="p-4 text-center text-muted">{t('mqtt.deliveries.empty')}</p>}
      >
        {(delivery) => (
          <Table.Row id={delivery.id}>
            <Table.Cell className="whitespace-nowrap">{formatDateTime(delivery.createdAt)}</Table.Cell>
            <Table.Cell>{eventLabel(t, delivery.eventType)}</Table.Cell>
            <Table.Cell>{delivery.attempts}</Table.Cell>
            <Table.Cell>
              <DeliveryStatusChip status={delivery.status} />
            </Table.Cell>
            <Table.Cell className="min-w-48 text-sm [overflow-wrap:anywhere]">
              {delivery.lastError ?? '-'}
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
