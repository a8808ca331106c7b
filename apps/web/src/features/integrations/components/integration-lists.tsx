import { Card, Chip, Table } from '@heroui/react';
import type { MqttConfigurationOverview, WebhookOverview } from '@toolpass/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useAllMqttConfigurations, useAllWebhooks } from '../api/use-integration-lists.ts';

/** The IoT settings of a resource (spec 02 §2), where its integrations are changed. */
const iotSettingsPath = (resourceId: number) => `/resources/${resourceId}/iot`;

function ResourceLink({ resource }: { resource: { id: number; name: string } }) {
  const { t } = useTranslation();
  return (
    <Link
      to={iotSettingsPath(resource.id)}
      className="flex min-w-0 flex-col items-start font-medium [overflow-wrap:anywhere] hover:underline"
    >
      {resource.name}
      <span className="text-sm font-normal text-muted">{t('integrationsOverview.iotSettings')}</span>
    </Link>
  );
}

/** A card with a title over its list, its loading and failure, or words when it is empty. */
function ListCard({ title, children }: { title: string; children: (titleId: string) => ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title id={titleId} className="text-lg">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Content>{children(titleId)}</Card.Content>
    </Card>
  );
}

function Empty({ message }: { message: string }) {
  return <p className="rounded-xl border border-dashed border-separator p-4 text-sm text-muted">{message}</p>;
}

/** Every webhook of every resource, linking to each resource's IoT settings. */
export function AllWebhooksCard() {
  const { t, i18n } = useTranslation();
  const webhooks = useAllWebhooks();
  return (
    <ListCard title={t('integrationsOverview.webhooks.title')}>
      {(titleId) =>
        !webhooks.isSuccess ? (
          <QueryFallback
            query={webhooks}
            skeletonClassName="h-32 w-full rounded-xl"
            errorTitle={t('integrationsOverview.webhooks.loadFailed')}
          />
        ) : webhooks.data.length === 0 ? (
          <Empty message={t('integrationsOverview.webhooks.empty')} />
        ) : (
          <ScrollTable aria-labelledby={titleId}>
            <Table.Header>
              <Table.Column isRowHeader>{t('integrationsOverview.webhooks.name')}</Table.Column>
              <Table.Column>{t('integrationsOverview.resource')}</Table.Column>
            </Table.Header>
            <Table.Body items={webhooks.data} dependencies={[i18n.language]}>
              {(webhook: WebhookOverview) => (
                <Table.Row id={webhook.id}>
                  <Table.Cell className="w-1/2 align-top">
                    <div className="flex min-w-0 flex-col items-start gap-1">
                      <span className="font-medium [overflow-wrap:anywhere]">{webhook.name}</span>
                      <span className="text-sm text-muted [overflow-wrap:anywhere]">
                        {webhook.method} {webhook.url}
                      </span>
                      <Chip size="sm" variant="soft" color={webhook.active ? 'success' : 'default'}>
                        {webhook.active
                          ? t('integrationsOverview.webhooks.active')
                          : t('integrationsOverview.webhooks.inactive')}
                      </Chip>
                    </div>
                  </Table.Cell>
                  <Table.Cell className="align-top">
                    <ResourceLink resource={webhook.resource} />
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </ScrollTable>
        )
      }
    </ListCard>
  );
}

/** Every MQTT configuration of every resource, linking to each resource's IoT settings. */
export function AllMqttConfigurationsCard() {
  const { t, i18n } = useTranslation();
  const configurations = useAllMqttConfigurations();
  return (
    <ListCard title={t('integrationsOverview.mqtt.title')}>
      {(titleId) =>
        !configurations.isSuccess ? (
          <QueryFallback
            query={configurations}
            skeletonClassName="h-32 w-full rounded-xl"
            errorTitle={t('integrationsOverview.mqtt.loadFailed')}
          />
        ) : configurations.data.length === 0 ? (
          <Empty message={t('integrationsOverview.mqtt.empty')} />
        ) : (
          <ScrollTable aria-labelledby={titleId}>
            <Table.Header>
              <Table.Column isRowHeader>{t('integrationsOverview.mqtt.name')}</Table.Column>
              <Table.Column>{t('integrationsOverview.resource')}</Table.Column>
            </Table.Header>
            <Table.Body items={configurations.data} dependencies={[i18n.language]}>
              {(configuration: MqttConfigurationOverview) => (
                <Table.Row id={configuration.id}>
                  <Table.Cell className="w-1/2 align-top">
                    <div className="flex min-w-0 flex-col items-start gap-1">
                      <span className="font-medium [overflow-wrap:anywhere]">{configuration.name}</span>
                      <span className="text-sm text-muted [overflow-wrap:anywhere]">
                        {t('integrationsOverview.mqtt.serverAndTopic', {
                          server: configuration.server.name,
                          topic: configuration.inUseTopic,
                        })}
                      </span>
                    </div>
                  </Table.Cell>
                  <Table.Cell className="align-top">
                    <ResourceLink resource={configuration.resource} />
                  </Table.Cell>
                </Table.Row>
              )}
            </Table.Body>
          </ScrollTable>
        )
      }
    </ListCard>
  );
}
