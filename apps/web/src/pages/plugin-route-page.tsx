import { useTranslation } from 'react-i18next';
import { LoadingView } from '../components/loading-view.tsx';
import { PluginRouteView } from '../features/plugins/components/plugin-route-view.tsx';
import NotFoundPage from './not-found-page.tsx';

/** Any path the app's own routes do not match: a plugin's page, or "not found". */
export default function PluginRoutePage() {
  const { t } = useTranslation();
  return (
    <PluginRouteView
      loading={<LoadingView label={t('common.loading')} />}
      notFound={<NotFoundPage />}
      failedTitle={t('plugins.pageFailed')}
    />
  );
}
