import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { EmailTemplateList } from '../features/email-templates/components/email-template-list.tsx';

/** /email-templates, for system administrators (spec 02 §2). */
export default function EmailTemplatesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('emailTemplates.title')} subtitle={t('emailTemplates.subtitle')} />
      <EmailTemplateList />
    </>
  );
}
