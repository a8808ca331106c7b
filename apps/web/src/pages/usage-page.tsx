import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { UsageExport } from '../features/usage-export/components/usage-export.tsx';

/** /usage: charts of the last 30 days (or a chosen range) beside its export, for resource managers. */
export default function UsagePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('usagePage.title')} subtitle={t('usagePage.subtitle')} />
      <UsageExport showCharts />
    </>
  );
}
