import { Button, Card, Skeleton } from '@heroui/react';
import { useQuery } from '@tanstack/react-query';
import type { MqttConfiguration } from '@toolpass/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { resourceQuery } from '../../resources/api/resources-queries.ts';
import { useTestMqttConfiguration } from '../api/use-mqtt-configuration-mutations.ts';
import { useMqttConfiguration } from '../api/use-mqtt-configurations.ts';
import { mqttErrorDetail } from '../hooks/mqtt-error-messages.ts';
import { iotPath } from '../iot-paths.ts';
import { MessagePreviewBlock } from './message-preview-block.tsx';
import { TestResultAlert } from './test-result-alert.tsx';

/** /resources/{resourceId}/iot/mqtt/test/{configId} (spec 02 §2 "Test page", §4). */
export function MqttConfigurationTest({ resourceId, configId }: { resourceId: number; configId: number }) {
  const { t } = useTranslation();
  const configuration = useMqttConfiguration(resourceId, configId);
  const resource = useQuery(resourceQuery(resourceId));
  const back = iotPath(resourceId);

  const header = (
    <PageHeader
      title={t('mqtt.test.title')}
      subtitle={resource.data?.name}
      back={{ to: back, label: t('iot.back') }}
    />
  );
  const backButton = (
    <LinkButton to={back} variant="secondary">
      {t('mqtt.test.backToConfigurations')}
    </LinkButton>
  );

  if (!configuration.isSuccess) {
    return (
      <>
        {header}
        <div className="flex flex-col items-start gap-4">
          <QueryFallback
            query={configuration}
            skeletonClassName="h-72 w-full rounded-2xl"
            errorTitle={t('mqtt.configurationForm.loadFailed')}
            errorMessage={(error) => mqttErrorDetail(t, error)}
            notFoundTitle={t('mqtt.serverMessages.configurationNotFound')}
          />
          {configuration.isError && backButton}
        </div>
      </>
    );
  }
  // The resource's name only fills {{name}}; until it is loaded the preview waits for it.
  const previewResource = resource.data ? { id: resource.data.id, name: resource.data.name } : undefined;
  return (
    <>
      {header}
      <TestPanel
        resourceId={resourceId}
        configuration={configuration.data}
        previewResource={previewResource}
        backButton={backButton}
      />
    </>
  );
}

type TestPanelProps = {
  resourceId: number;
  configuration: MqttConfiguration;
  previewResource: { id: number; name: string } | undefined;
  backButton: ReactNode;
};

function TestPanel({ resourceId, configuration, previewResource, backButton }: TestPanelProps) {
  const { t } = useTranslation();
  const test = useTestMqttConfiguration(resourceId, configuration.id);
  const needsConnection = useNeedsConnection(test.isPending);
  // One moment for the whole preview, so {{timestamp}} does not change on every render.
  const [now] = useState(() => new Date());

  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <Card>
        <Card.Header>
          <Card.Title className="[overflow-wrap:anywhere]">{configuration.name}</Card.Title>
        </Card.Header>
        <Card.Content>
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="text-muted">{t('mqtt.configurations.inUseTopic')}</dt>
            <dd className="font-mono [overflow-wrap:anywhere]">{configuration.inUseTopic}</dd>
            <dt className="text-muted">{t('mqtt.configurations.notInUseTopic')}</dt>
            <dd className="font-mono [overflow-wrap:anywhere]">{configuration.notInUseTopic}</dd>
          </dl>
        </Card.Content>
      </Card>

      <Card>
        <Card.Header>
          <Card.Title>{t('mqtt.test.previewTitle')}</Card.Title>
          <Card.Description>{t('mqtt.test.previewDescription')}</Card.Description>
        </Card.Header>
        <Card.Content>
          {previewResource ? (
            <MessagePreviewBlock
              topic={configuration.inUseTopic}
              message={configuration.inUseMessage}
              resource={previewResource}
              now={now}
            />
          ) : (
            <Skeleton className="h-32 w-full rounded-lg" />
          )}
        </Card.Content>
      </Card>

      <div className="flex flex-col gap-4">
        {test.data && (
          <TestResultAlert
            success={test.data.success}
            title={test.data.success ? t('mqtt.test.succeeded') : t('mqtt.test.failed')}
            message={test.data.message}
          />
        )}
        {test.isError && (
          <TestResultAlert
            success={false}
            title={t('mqtt.test.failed')}
            message={t('mqtt.test.requestFailed')}
          />
        )}
        <div className="flex flex-wrap gap-2">
          <Button isPending={test.isPending} {...needsConnection} onPress={() => test.mutate()}>
            {t('mqtt.test.run')}
          </Button>
          {backButton}
        </div>
      </div>
    </div>
  );
}
