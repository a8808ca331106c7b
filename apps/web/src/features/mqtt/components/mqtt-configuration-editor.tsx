import { Card } from '@heroui/react';
import { useQuery } from '@tanstack/react-query';
import type { MqttConfiguration } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadedPage } from '../../../components/loaded-page.tsx';
import { PageForm } from '../../../components/page-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { resourceQuery } from '../../resources/api/resources-queries.ts';
import { useMqttConfiguration } from '../api/use-mqtt-configurations.ts';
import { useMqttServers } from '../api/use-mqtt-servers.ts';
import { mqttErrorDetail } from '../hooks/mqtt-error-messages.ts';
import { useMqttConfigurationForm } from '../hooks/use-mqtt-configuration-form.ts';
import { iotPath } from '../iot-paths.ts';
import { MqttConfigurationFields } from './mqtt-configuration-fields.tsx';
import { MqttServerCreateModal } from './mqtt-server-create-modal.tsx';
import { TemplateVariables } from './template-variables.tsx';

/** /resources/{resourceId}/iot/mqtt/create (spec 02 §2). */
export function MqttConfigurationCreateEditor({ resourceId }: { resourceId: number }) {
  return <ConfigurationFormCard resourceId={resourceId} configuration={undefined} />;
}

/** /resources/{resourceId}/iot/mqtt/{configId}: the saved configuration, loaded first. */
export function MqttConfigurationEditEditor({
  resourceId,
  configId,
}: {
  resourceId: number;
  configId: number;
}) {
  const { t } = useTranslation();
  return (
    <LoadedPage
      query={useMqttConfiguration(resourceId, configId)}
      title={t('mqtt.configurationForm.editTitle')}
      back={{ to: iotPath(resourceId), label: t('iot.back') }}
      errorTitle={t('mqtt.configurationForm.loadFailed')}
      errorMessage={(error) => mqttErrorDetail(t, error)}
      notFoundTitle={t('mqtt.serverMessages.configurationNotFound')}
    >
      {(configuration) => <ConfigurationFormCard resourceId={resourceId} configuration={configuration} />}
    </LoadedPage>
  );
}

function ConfigurationFormCard({
  resourceId,
  configuration,
}: {
  resourceId: number;
  configuration: MqttConfiguration | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resource = useQuery(resourceQuery(resourceId));
  const servers = useMqttServers();
  const [isServerModalOpen, setServerModalOpen] = useState(false);
  const back = iotPath(resourceId);
  const form = useMqttConfigurationForm(resourceId, configuration, () => void navigate(back));

  return (
    <>
      <PageHeader
        title={form.isEdit ? t('mqtt.configurationForm.editTitle') : t('mqtt.configurationForm.createTitle')}
        subtitle={resource.data?.name}
        back={{ to: back, label: t('iot.back') }}
      />
      {servers.isError && (
        <div className="mb-4">
          <LoadError
            title={t('mqtt.servers.loadFailed')}
            message={mqttErrorDetail(t, servers.error)}
            onRetry={() => void servers.refetch()}
          />
        </div>
      )}
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <Card.Content>
            <PageForm
              onSubmit={form.submit}
              cancelTo={back}
              cancelLabel={t('mqtt.cancel')}
              submitLabel={form.isEdit ? t('mqtt.save') : t('mqtt.configurationForm.create')}
              isPending={form.isPending}
              // No server chosen yet: nothing could be published (spec 02 §4).
              isSubmitDisabled={form.draft.serverId === null}
            >
              <MqttConfigurationFields
                form={form}
                servers={servers.data}
                onCreateServer={() => setServerModalOpen(true)}
              />
            </PageForm>
          </Card.Content>
        </Card>
        <Card>
          <Card.Content>
            <TemplateVariables />
          </Card.Content>
        </Card>
      </div>
      {/* Outside the form: its own submit must not submit the configuration. */}
      <MqttServerCreateModal
        isOpen={isServerModalOpen}
        onOpenChange={setServerModalOpen}
        onCreated={(server) => form.selectServer(server.id)}
      />
    </>
  );
}
