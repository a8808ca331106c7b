import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { DependencyList } from '../features/dependencies/components/dependency-list.tsx';

export default function DependenciesPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dependencies.title')} subtitle={t('dependencies.subtitle')} />
      <DependencyList />
    </>
  );
}
