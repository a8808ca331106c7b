import { buttonVariants } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';

export default function NotFoundPage() {
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
