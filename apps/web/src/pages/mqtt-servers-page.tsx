import { useTranslation } from 'react-i18next';
import { LinkButton } from '../components/link-button.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { MqttServerList } from '../features/mqtt/components/mqtt-server-list.tsx';

/** /mqtt/servers, for resource managers (spec 02 §2). */
export default function MqttServersPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('mqtt.servers.title')}
        subtitle={t('mqtt.servers.subtitle')}
        actions={<LinkButton to="/mqtt/servers/create">{t('mqtt.servers.add')}</LinkButton>}
      />
      <MqttServerList />
    </>
  );
}
