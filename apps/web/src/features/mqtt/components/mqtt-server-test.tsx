import { Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useTestMqttServer } from '../api/use-mqtt-server-mutations.ts';
import { mqttErrorDetail } from '../hooks/mqtt-error-messages.ts';
import { TestResultAlert } from './test-result-alert.tsx';

/**
 * Tests a server on a fresh connection and shows how it went under the button. Holds its own
 * request, so several servers can be tested at once.
 */
export function MqttServerTest({ serverId, serverName }: { serverId: number; serverName: string }) {
  const { t } = useTranslation();
  const test = useTestMqttServer(serverId);
  const needsConnection = useNeedsConnection(test.isPending);

  return (
    <div className="flex min-w-0 flex-col items-start gap-2">
      <Button
        size="sm"
        variant="secondary"
        isPending={test.isPending}
        {...needsConnection}
        aria-label={t('mqtt.servers.testLabel', { name: serverName })}
        onPress={() => test.mutate()}
      >
        {t('mqtt.servers.test')}
      </Button>
      {test.data && (
        <TestResultAlert
          success={test.data.success}
          title={test.data.success ? t('mqtt.servers.testSucceeded') : t('mqtt.servers.testFailed')}
          message={test.data.message}
        />
      )}
      {test.isError && (
        <TestResultAlert
          success={false}
          title={t('mqtt.servers.testFailed')}
          message={mqttErrorDetail(t, test.error)}
        />
      )}
    </div>
  );
}
