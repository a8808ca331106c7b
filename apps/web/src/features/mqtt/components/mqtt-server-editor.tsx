import { Card, Form } from '@heroui/react';
import type { MqttServer } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/link-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useMqttServer } from '../api/use-mqtt-servers.ts';
import { mqttErrorDetail } from '../hooks/mqtt-error-messages.ts';
import { useMqttServerForm } from '../hooks/use-mqtt-server-form.ts';
import { MqttServerFields } from './mqtt-server-fields.tsx';

const LIST_PATH = '/mqtt/servers';

/** /mqtt/servers/create: a new server, then back to the list (spec 02 §2). */
export function MqttServerCreateEditor() {
  return <ServerFormCard server={undefined} />;
}

/** /mqtt/servers/{serverId}: the saved server, loaded first. */
export function MqttServerEditEditor({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const server = useMqttServer(serverId);
  const back = { to: LIST_PATH, label: t('mqtt.servers.back') };

  if (!server.isSuccess) {
    return (
      <>
        <PageHeader title={t('mqtt.serverForm.editTitle')} back={back} />
        <QueryFallback
          query={server}
          skeletonClassName="h-96 w-full rounded-2xl"
          errorTitle={t('mqtt.serverForm.loadFailed')}
          errorMessage={(error) => mqttErrorDetail(t, error)}
          notFoundTitle={t('mqtt.serverMessages.serverNotFound')}
        />
      </>
    );
  }
  // Starts from the saved values once; a refetch does not wipe what is being typed.
  return <ServerFormCard server={server.data} />;
}

function ServerFormCard({ server }: { server: MqttServer | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useMqttServerForm(server, () => void navigate(LIST_PATH));

  return (
    <>
      <PageHeader
        title={form.isEdit ? t('mqtt.serverForm.editTitle') : t('mqtt.serverForm.createTitle')}
        subtitle={server?.name}
        back={{ to: LIST_PATH, label: t('mqtt.servers.back') }}
      />
      <Card className="max-w-3xl">
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
            <MqttServerFields form={form} />
            <div className="flex flex-wrap justify-end gap-2">
              <LinkButton to={LIST_PATH} variant="tertiary">
                {t('mqtt.cancel')}
              </LinkButton>
              <SubmitButton isPending={form.isPending}>
                {form.isEdit ? t('mqtt.save') : t('mqtt.serverForm.create')}
              </SubmitButton>
            </div>
          </Form>
        </Card.Content>
      </Card>
    </>
  );
}
