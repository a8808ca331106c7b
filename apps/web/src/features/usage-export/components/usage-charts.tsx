import { Card, Skeleton } from '@heroui/react';
import { USAGE_SUMMARY_MAX_DAYS } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import type { ServerRange } from '../api/usage-export-queries.ts';
import { isSummarisable, useUsageSummary } from '../api/usage-summary-queries.ts';
import { BusyHours } from './busy-hours-chart.tsx';
import { HoursPerResource, TopUsers } from './hours-by-name-charts.tsx';
import { SessionsPerDay } from './sessions-per-day-chart.tsx';

/** Charts of a range's usage above its export: each with a title and the same numbers as a table. */
export default function UsageCharts({ range }: { range: ServerRange }) {
  const { t } = useTranslation();
  const summary = useUsageSummary(range);

  if (!isSummarisable(range)) {
    return (
      <Card className="p-6">
        <p className="text-center text-muted">
          {t('usageCharts.rangeTooLong', { days: USAGE_SUMMARY_MAX_DAYS })}
        </p>
      </Card>
    );
  }
  if (summary.isPending) {
    return (
      <div className="grid gap-4 lg:grid-cols-2" role="status" aria-busy="true">
        <span className="sr-only">{t('usageCharts.loading')}</span>
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} className="h-72 rounded-xl" />
        ))}
      </div>
    );
  }
  if (summary.isError) {
    return (
      <LoadError
        title={t('usageCharts.loadFailed')}
        message={summary.error.message}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  const data = summary.data;
  const started = data.sessionsPerDay.reduce((sum, day) => sum + day.sessions, 0);
  if (data.totalHours === 0 && started === 0) {
    return (
      <Card className="p-6">
        <p className="text-center text-muted">{t('usageCharts.empty')}</p>
      </Card>
    );
  }
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <HoursPerResource data={data} />
      <SessionsPerDay data={data} />
      <BusyHours data={data} />
      <TopUsers data={data} />
    </div>
  );
}
