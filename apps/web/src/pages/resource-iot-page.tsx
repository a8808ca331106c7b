import { Accordion } from '@heroui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError } from '../components/load-error.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { EspDeviceSnippet } from '../features/mqtt/components/esp-device-snippet.tsx';
import { MqttConfigurationsPanel } from '../features/mqtt/components/mqtt-configurations-panel.tsx';
import { useResource } from '../features/resource-detail/api/use-resource.ts';
import { ResourceNotFound } from '../features/resource-detail/components/resource-not-found.tsx';
import { useResourceLiveUpdates } from '../features/resources/live/use-resource-live-updates.ts';
import { WebhooksAccordion } from '../features/webhooks/components/webhooks-accordion.tsx';
import { ApiError } from '../lib/api-client.ts';

/** /resources/{id}/iot, for resource managers (spec 02 §2). */
export default function ResourceIotPage() {
  const resourceId = Number(useParams().id);
  if (!Number.isInteger(resourceId) || resourceId <= 0) return <ResourceNotFound />;
  // Keyed by id, so moving between resources starts each page with its sections as they start.
  return <ResourceIot key={resourceId} resourceId={resourceId} />;
}

/**
 * A resource's IoT settings: a device example, the MQTT configurations and the webhooks. Live
 * events keep the delivery logs current while a session starts or ends elsewhere.
 */
function ResourceIot({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  useResourceLiveUpdates();
  const resource = useResource(resourceId);

  if (resource.error instanceof ApiError && resource.error.status === 404) return <ResourceNotFound />;
  const back = { to: `/resources/${resourceId}`, label: t('iot.backToResource') };
  if (resource.isError) {
    return (
      <>
        <PageHeader title={t('iot.title')} back={back} />
        <LoadError
          title={t('iot.loadFailed')}
          message={resource.error.message}
          onRetry={() => void resource.refetch()}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title={t('iot.title')} subtitle={resource.data?.name} back={back} />
      <div className="flex min-w-0 flex-col gap-4">
        <Accordion allowsMultipleExpanded variant="surface" defaultExpandedKeys={['mqtt']}>
          <IotSection id="esp" title={t('iot.esp.title')}>
            <EspDeviceSnippet resourceId={resourceId} />
          </IotSection>
          <IotSection id="mqtt" title={t('iot.mqttTitle')}>
            <MqttConfigurationsPanel resourceId={resourceId} />
          </IotSection>
        </Accordion>
        <WebhooksAccordion resourceId={resourceId} />
      </div>
    </>
  );
}

function IotSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Accordion.Item id={id}>
      <Accordion.Heading level={2}>
        <Accordion.Trigger>
          {title}
          <Accordion.Indicator />
        </Accordion.Trigger>
      </Accordion.Heading>
      <Accordion.Panel>
        <Accordion.Body>{children}</Accordion.Body>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
