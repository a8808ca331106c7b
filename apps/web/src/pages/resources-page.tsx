import { EmptyState } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { WrenchIcon } from '../components/icons.tsx';
import { PageHeader } from '../components/page-header.tsx';

/** The resource overview; resources themselves are not part of this version yet. */
export default function ResourcesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('resources.title')} />
      <EmptyState className="rounded-2xl border border-dashed border-separator p-10">
        <WrenchIcon className="size-8 text-muted" />
        <p className="font-medium">{t('resources.empty')}</p>
      </EmptyState>
    </>
  );
}
