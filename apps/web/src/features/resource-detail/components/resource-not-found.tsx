import { EmptyState } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';

/** A missing resource, or one the viewer may not see (spec 01 §2 "Resource detail"). */
export function ResourceNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState className="rounded-2xl border border-dashed border-separator p-10 text-center">
      <h1 className="text-xl font-semibold">{t('resourceDetail.notFound.title')}</h1>
      <p className="text-muted">{t('resourceDetail.notFound.message')}</p>
      <LinkButton to="/resources">{t('resourceDetail.notFound.back')}</LinkButton>
    </EmptyState>
  );
}
