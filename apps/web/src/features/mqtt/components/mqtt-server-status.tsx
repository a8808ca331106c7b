import { Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useMqttServerStatus } from '../api/use-mqtt-servers.ts';
import { translateMqttMessage } from '../hooks/mqtt-error-messages.ts';

/**
 * A server's connection as this instance holds it: connected or not, the counters since start and
 * the last error, refreshed every 5 s. Reads its own query, so the table row needs no other data.
 */
export function MqttServerStatus({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const status = useMqttServerStatus(serverId);

  if (status.isPending) return <Skeleton className="h-6 w-28 rounded-lg" />;
  if (status.isError) return <p className="text-sm text-muted">{t('mqtt.status.unavailable')}</p>;
  const connected = status.data?.connected ?? false;
  return (
    <div className="flex min-w-0 flex-col items-start gap-1">
      {/* A coloured dot beside text in the body colour: readable on any row in both themes. */}
      <span className="inline-flex items-center gap-2 text-sm font-medium">
        <span
          aria-hidden="true"
          className={`size-2.5 rounded-full ${connected ? 'bg-success' : 'bg-danger'}`}
        />
        {connected ? t('mqtt.status.connected') : t('mqtt.status.disconnected')}
      </span>
      {status.data && (
        <p className="text-xs text-muted">
          {t('mqtt.status.counts', { sent: status.data.messagesSent, failed: status.data.messagesFailed })}
        </p>
      )}
      {status.data?.lastError && (
        <p className="text-xs text-danger [overflow-wrap:anywhere]">
          {t('mqtt.status.lastError', { error: translateMqttMessage(t, status.data.lastError) })}
        </p>
      )}
    </div>
  );
}
