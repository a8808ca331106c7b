import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header.tsx';
import { UsageExport } from '../features/usage-export/components/usage-export.tsx';

/**
 * /csv-export (spec 02 §2) and, with `charts`, /usage: the charts of the last 30 days (or a chosen
 * range) beside the export, for resource managers. One page with two routes, so the entry script
 * the sign-in screen loads grows by a route, not by a chunk (its budget is spent).
 */
export default function CsvExportPage({ charts = false }: { charts?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {charts ? (
        <PageHeader title={t('usagePage.title')} subtitle={t('usagePage.subtitle')} />
      ) : (
        <PageHeader title={t('usageExport.title')} subtitle={t('usageExport.subtitle')} />
      )}
      <UsageExport showCharts={charts} />
    </>
  );
}
