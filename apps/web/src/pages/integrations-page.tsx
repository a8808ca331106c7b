import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import {
  AllMqttConfigurationsCard,
  AllWebhooksCard,
} from '../features/integrations/components/integration-lists.tsx';

/** /integrations: every webhook and MQTT configuration of every resource, for resource managers. */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('integrationsOverview.title')} subtitle={t('integrationsOverview.subtitle')} />
      <div className="grid gap-6 xl:grid-cols-2">
        <AllWebhooksCard />
        <AllMqttConfigurationsCard />
      </div>
    </>
  );
}
