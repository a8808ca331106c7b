import { Button, buttonVariants, Card, Skeleton } from '@heroui/react';
import type { MqttConfiguration, MqttServer } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkButton } from '../../../components/link-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteMqttConfiguration } from '../api/use-mqtt-configuration-mutations.ts';
import { useMqttConfigurations } from '../api/use-mqtt-configurations.ts';
import { useMqttServers } from '../api/use-mqtt-servers.ts';
import { mqttErrorDetail } from '../hooks/mqtt-error-messages.ts';
import {
  mqttConfigurationCreatePath,
  mqttConfigurationEditPath,
  mqttConfigurationTestPath,
} from '../iot-paths.ts';
import { DeleteConfirmationDialog } from './delete-confirmation-dialog.tsx';
import { MqttDeliveries } from './mqtt-deliveries.tsx';

/**
 * A resource's MQTT configurations: what each publishes where, with edit, test, delete and its
 * recent deliveries, and the way to add one (spec 02 §2 "MQTT screens").
 */
export function MqttConfigurationsPanel({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const configurations = useMqttConfigurations(resourceId);
  const servers = useMqttServers();
  // The configuration stays set while the dialog fades out, so its title keeps the name.
  const [deleting, setDeleting] = useState<{ configuration: MqttConfiguration; isOpen: boolean } | null>(
    null,
  );
  const remove = useDeleteMqttConfiguration(resourceId);
  const closeDialog = () => setDeleting((current) => current && { ...current, isOpen: false });
  const serverOf = (serverId: number) => servers.data?.find((server) => server.id === serverId);

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 flex-1 basis-64 text-sm text-muted">{t('mqtt.configurations.description')}</p>
        <LinkButton to={mqttConfigurationCreatePath(resourceId)}>{t('mqtt.configurations.add')}</LinkButton>
      </div>
      {configurations.isPending && <Skeleton className="h-32 w-full rounded-lg" />}
      {configurations.isError && (
        <LoadError
          title={t('mqtt.configurations.loadFailed')}
          message={mqttErrorDetail(t, configurations.error)}
          onRetry={() => void configurations.refetch()}
        />
      )}
      {configurations.data?.length === 0 && (
        <p className="rounded-lg border border-dashed border-separator p-6 text-center text-muted">
          {t('mqtt.configurations.empty')}
        </p>
      )}
      {configurations.data && configurations.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {configurations.data.map((configuration) => (
            <li key={configuration.id}>
              <ConfigurationCard
                resourceId={resourceId}
                configuration={configuration}
                server={serverOf(configuration.serverId)}
                onDelete={() => setDeleting({ configuration, isOpen: true })}
              />
            </li>
          ))}
        </ul>
      )}
      <DeleteConfirmationDialog
        isOpen={deleting?.isOpen ?? false}
        title={t('mqtt.configurations.deleteTitle', { name: deleting?.configuration.name ?? '' })}
        message={t('mqtt.configurations.deleteMessage')}
        isPending={remove.isPending}
        onClose={closeDialog}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.configuration.id, {
            onSuccess: () => {
              notifySuccess(t('mqtt.configurations.deleted'));
              closeDialog();
            },
            onError: (error) => notifyError(t('mqtt.configurations.deleteFailed'), mqttErrorDetail(t, error)),
          });
        }}
      />
    </div>
  );
}

type ConfigurationCardProps = {
  resourceId: number;
  configuration: MqttConfiguration;
  server: MqttServer | undefined;
  onDelete: () => void;
};

function ConfigurationCard({ resourceId, configuration, server, onDelete }: ConfigurationCardProps) {
  const { t } = useTranslation();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const deliveriesId = useId();
  const smallButton = buttonVariants({ variant: 'secondary', size: 'sm' });

  return (
    // Bordered: it sits on the accordion's own surface.
    <Card className="border border-separator shadow-none">
      <Card.Header>
        <Card.Title className="[overflow-wrap:anywhere]">{configuration.name}</Card.Title>
        <Card.Description className="[overflow-wrap:anywhere]">
          {server
            ? t('mqtt.configurations.server', { name: server.name, host: server.host, port: server.port })
            : t('mqtt.configurations.serverUnknown', { id: configuration.serverId })}
        </Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted">{t('mqtt.configurations.inUseTopic')}</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">{configuration.inUseTopic}</dd>
          <dt className="text-muted">{t('mqtt.configurations.notInUseTopic')}</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">{configuration.notInUseTopic}</dd>
          <dt className="text-muted">{t('mqtt.configurations.takeoverTopic')}</dt>
          {configuration.takeoverTopic ? (
            <dd className="font-mono [overflow-wrap:anywhere]">{configuration.takeoverTopic}</dd>
          ) : (
            <dd className="text-muted italic">{t('mqtt.configurations.defaultTopic')}</dd>
          )}
        </dl>
        <div className="flex flex-wrap gap-2">
          <Link
            to={mqttConfigurationEditPath(resourceId, configuration.id)}
            className={smallButton}
            aria-label={t('mqtt.configurations.editLabel', { name: configuration.name })}
          >
            {t('mqtt.edit')}
          </Link>
          <Link
            to={mqttConfigurationTestPath(resourceId, configuration.id)}
            className={smallButton}
            aria-label={t('mqtt.configurations.testLabel', { name: configuration.name })}
          >
            {t('mqtt.configurations.test')}
          </Link>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showDeliveries}
            aria-controls={showDeliveries ? deliveriesId : undefined}
            onPress={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? t('mqtt.deliveries.hide') : t('mqtt.deliveries.show')}
          </Button>
          <Button
            size="sm"
            variant="danger-soft"
            aria-label={t('mqtt.configurations.deleteLabel', { name: configuration.name })}
            onPress={onDelete}
          >
            {t('mqtt.delete')}
          </Button>
        </div>
        {showDeliveries && (
          <section id={deliveriesId} aria-label={t('mqtt.deliveries.title')} className="flex flex-col gap-2">
            <MqttDeliveries
              resourceId={resourceId}
              configId={configuration.id}
              configurationName={configuration.name}
            />
          </section>
        )}
      </Card.Content>
    </Card>
  );
}
