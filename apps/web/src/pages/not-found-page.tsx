import { buttonVariants } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingView } from '../components/loading-view.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { PluginRouteView } from '../features/plugins/components/plugin-route-view.tsx';

function NothingHere() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('notFound.title')} subtitle={t('notFound.message')} />
      <Link to="/resources" className={buttonVariants({ variant: 'secondary' })}>
        {t('notFound.back')}
      </Link>
    </>
  );
}

/** Any path the app's own routes do not match: a plugin's page (spec 01 §1), or "not found". */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PluginRouteView
      loading={<LoadingView label={t('common.loading')} />}
      notFound={<NothingHere />}
      failedTitle={t('plugins.pageFailed')}
    />
  );
}
