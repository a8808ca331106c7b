import { Card } from '@heroui/react';
import type { MqttServer } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadedPage } from '../../../components/loaded-page.tsx';
import { PageForm } from '../../../components/page-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
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
  return (
    <LoadedPage
      query={useMqttServer(serverId)}
      title={t('mqtt.serverForm.editTitle')}
      back={{ to: LIST_PATH, label: t('mqtt.servers.back') }}
      errorTitle={t('mqtt.serverForm.loadFailed')}
      errorMessage={(error) => mqttErrorDetail(t, error)}
      notFoundTitle={t('mqtt.serverMessages.serverNotFound')}
    >
      {(server) => <ServerFormCard server={server} />}
    </LoadedPage>
  );
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
          <PageForm
            onSubmit={form.submit}
            cancelTo={LIST_PATH}
            cancelLabel={t('mqtt.cancel')}
            submitLabel={form.isEdit ? t('mqtt.save') : t('mqtt.serverForm.create')}
            isPending={form.isPending}
          >
            <MqttServerFields form={form} />
          </PageForm>
        </Card.Content>
      </Card>
    </>
  );
}
