import { Card, Form } from '@heroui/react';
import { useQuery } from '@tanstack/react-query';
import type { MqttConfiguration } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/link-button.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
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
  const configuration = useMqttConfiguration(resourceId, configId);
  const back = { to: iotPath(resourceId), label: t('iot.back') };

  if (!configuration.isSuccess) {
    return (
      <>
        <PageHeader title={t('mqtt.configurationForm.editTitle')} back={back} />
        <QueryFallback
          query={configuration}
          skeletonClassName="h-96 w-full rounded-2xl"
          errorTitle={t('mqtt.configurationForm.loadFailed')}
          errorMessage={(error) => mqttErrorDetail(t, error)}
          notFoundTitle={t('mqtt.serverMessages.configurationNotFound')}
        />
      </>
    );
  }
  // Starts from the saved values once; a refetch does not wipe what is being typed.
  return <ConfigurationFormCard resourceId={resourceId} configuration={configuration.data} />;
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
            <Form
              // The checks are the app's own, in the app's language; the browser's would not be.
              validationBehavior="aria"
              className="flex flex-col gap-6"
              onSubmit={(event) => {
                event.preventDefault();
                form.submit();
              }}
            >
              <MqttConfigurationFields
                form={form}
                servers={servers.data}
                onCreateServer={() => setServerModalOpen(true)}
              />
              <div className="flex flex-wrap justify-end gap-2">
                <LinkButton to={back} variant="tertiary">
                  {t('mqtt.cancel')}
                </LinkButton>
                {/* No server chosen yet: nothing could be published (spec 02 §4). */}
                <SubmitButton isDisabled={form.draft.serverId === null} isPending={form.isPending}>
                  {form.isEdit ? t('mqtt.save') : t('mqtt.configurationForm.create')}
                </SubmitButton>
              </div>
            </Form>
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
