import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { UsageExport } from '../features/usage-export/components/usage-export.tsx';

/** /csv-export, for resource managers (spec 02 §2). */
export default function CsvExportPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('usageExport.title')} subtitle={t('usageExport.subtitle')} />
      <UsageExport showCharts={false} />
    </>
  );
}
