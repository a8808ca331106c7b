import { Spinner } from '@heroui/react';
import { useTranslation } from 'react-i18next';

/** Placeholder while a page's code loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-40 items-center justify-center">
      <Spinner aria-label={t('common.loading')} />
    </div>
  );
}
