import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { PluginList } from '../features/plugins/components/plugin-list.tsx';
import { PluginUploadForm } from '../features/plugins/components/plugin-upload-form.tsx';

/** /plugins, for system administrators: upload, list and remove plugins (spec 02 §2). */
export default function PluginsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('plugins.title')} subtitle={t('plugins.subtitle')} />
      <PluginUploadForm />
      <PluginList />
    </>
  );
}
