import { Button, Skeleton } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { downloadAuditLogCsv, useAuditLog } from '../api/audit-log-queries.ts';
import { useAuditLogFilters } from '../hooks/use-audit-log-filters.ts';
import { AuditLogFilters } from './audit-log-filters.tsx';
import { AuditLogTable } from './audit-log-table.tsx';

/** The audit log (issue 32): filters, the entries newest first a page at a time, the CSV export. */
export function AuditLog() {
  const { t } = useTranslation();
  const { fields, filters, page, setField, setPage, clear } = useAuditLogFilters();
  const entries = useAuditLog(filters, page);
  const [isDownloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadAuditLogCsv(filters);
    } catch (error) {
      notifyError(t('auditLog.downloadFailed'), error instanceof Error ? error.message : undefined);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="flex flex-col gap-4" aria-busy={entries.isFetching}>
      <AuditLogFilters fields={fields} onChange={setField} onClear={clear} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted" aria-live="polite">
          {entries.data ? t('auditLog.total', { count: entries.data.total }) : ''}
        </p>
        <Button variant="secondary" isPending={isDownloading} onPress={() => void download()}>
          {t('auditLog.download')}
        </Button>
      </div>
      {entries.isPending && (
        <div
          role="status"
          aria-label={t('common.loading')}
          className="flex flex-col gap-3 rounded-2xl bg-surface p-4"
        >
          {['a', 'b', 'c', 'd'].map((row) => (
            <Skeleton key={row} className="h-8 w-full rounded-lg" />
          ))}
        </div>
      )}
      {entries.isError && (
        <LoadError
          title={t('auditLog.loadFailed')}
          message={entries.error.message}
          onRetry={() => void entries.refetch()}
        />
      )}
      {entries.data && (
        <>
          <AuditLogTable entries={entries.data.data} emptyText={t('auditLog.empty')} />
          <PagePagination page={page} totalPages={entries.data.totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
