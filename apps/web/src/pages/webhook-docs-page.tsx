import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { WebhookReceiverGuide } from '../features/webhooks/components/webhook-receiver-guide.tsx';

/** /docs/webhooks (spec 02 §2): the page the webhook form links to, readable without signing in. */
export default function WebhookDocsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('webhookDocs.title')} subtitle={t('webhookDocs.subtitle')} />
      <WebhookReceiverGuide />
    </>
  );
}
