import { Button, Checkbox, Label, Modal, Skeleton } from '@heroui/react';
import {
  DEFAULT_USAGE_CSV_COLUMNS,
  type ResourceUsageRecord,
  USAGE_CSV_COLUMNS,
  type UsageCsvColumn,
} from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { downloadUsageCsv, type UsageRange, useUsageRecords } from '../api/usage-export-queries.ts';

/** The preview shows this many rows at most; the download has them all. */
export const PREVIEW_ROW_LIMIT = 500;

type UsageExportModalProps = {
  range: UsageRange;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** The export of a range: a preview of its records, the columns, the grouping and the download. */
export function UsageExportModal({ range, isOpen, onOpenChange }: UsageExportModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container scroll="inside" size="lg">
        <Modal.Dialog>
          <Modal.CloseTrigger aria-label={t('common.close')} />
          <Modal.Header>
            <Modal.Heading>{t('usageExport.modalTitle')}</Modal.Heading>
          </Modal.Header>
          {/* Mounted per opening: each opening starts from the default columns. */}
          <ExportForm range={range} />
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function ExportForm({ range }: { range: UsageRange }) {
  const { t } = useTranslation();
  const [columns, setColumns] = useState<readonly UsageCsvColumn[]>(DEFAULT_USAGE_CSV_COLUMNS);
  const [grouped, setGrouped] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const needsConnection = useNeedsConnection(columns.length === 0 || isDownloading);

  const toggle = (column: UsageCsvColumn, isSelected: boolean) =>
    setColumns((current) => (isSelected ? [...current, column] : current.filter((name) => name !== column)));

  const download = async () => {
    setDownloading(true);
    try {
      await downloadUsageCsv(range, { columns, groupByUserAndResource: grouped });
    } catch (error) {
      notifyError(t('usageExport.downloadFailed'), error instanceof Error ? error.message : undefined);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <Modal.Body className="flex flex-col gap-4">
        <UsagePreview range={range} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 font-medium">{t('usageExport.columns')}</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {USAGE_CSV_COLUMNS.map((column) => (
              <Checkbox
                key={column}
                name={column}
                isSelected={columns.includes(column)}
                onChange={(isSelected) => toggle(column, isSelected)}
              >
                <Checkbox.Content>
                  <Checkbox.Control>
                    <Checkbox.Indicator />
                  </Checkbox.Control>
                  <Label>{column}</Label>
                </Checkbox.Content>
              </Checkbox>
            ))}
          </div>
          {columns.length === 0 && (
            <p role="alert" className="text-sm text-danger">
              {t('usageExport.columnsRequired')}
            </p>
          )}
        </fieldset>
        <Checkbox name="groupByUserAndResource" isSelected={grouped} onChange={setGrouped}>
          <Checkbox.Content>
            <Checkbox.Control>
              <Checkbox.Indicator />
            </Checkbox.Control>
            <Label>{t('usageExport.groupByUserAndResource')}</Label>
          </Checkbox.Content>
        </Checkbox>
      </Modal.Body>
      <Modal.Footer>
        <Button slot="close" variant="tertiary">
          {t('common.close')}
        </Button>
        <Button {...needsConnection} isPending={isDownloading} onPress={() => void download()}>
          {t('usageExport.download')}
        </Button>
      </Modal.Footer>
    </>
  );
}

function UsagePreview({ range }: { range: UsageRange }) {
  const { t } = useTranslation();
  const records = useUsageRecords(range);

  if (records.isPending) return <Skeleton className="h-40 w-full rounded-xl" />;
  if (records.isError) {
    return (
      <LoadError
        title={t('usageExport.loadFailed')}
        message={records.error.message}
        onRetry={() => void records.refetch()}
      />
    );
  }
  if (records.data.length === 0)
    return <p className="py-6 text-center text-muted">{t('usageExport.empty')}</p>;

  const shown = records.data.slice(0, PREVIEW_ROW_LIMIT);
  return (
    <section aria-labelledby="usage-preview-heading" className="flex flex-col gap-2">
      <h3 id="usage-preview-heading" className="font-medium">
        {t('usageExport.preview')}
      </h3>
      <p className="text-sm text-muted">
        {records.data.length > shown.length
          ? t('usageExport.previewLimited', { shown: shown.length, total: records.data.length })
          : t('usageExport.previewCount', { count: records.data.length })}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe). */}
      <div className="max-h-[500px] overflow-auto rounded-xl border border-separator" tabIndex={0}>
        <table className="w-full text-left text-sm" aria-label={t('usageExport.previewLabel')}>
          <thead className="sticky top-0 bg-surface">
            <tr className="h-10">
              <th className="px-3">{t('usageExport.resource')}</th>
              <th className="px-3">{t('usageExport.user')}</th>
              <th className="px-3">{t('usageExport.start')}</th>
              <th className="px-3">{t('usageExport.end')}</th>
              <th className="px-3 text-right">{t('usageExport.minutes')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((record) => (
              <PreviewRow
                key={`${record.resource.id}-${record.user.id}-${record.startTime}`}
                record={record}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PreviewRow({ record }: { record: ResourceUsageRecord }) {
  const { t } = useTranslation();
  return (
    <tr className="h-10 border-t border-separator">
      <td className="truncate px-3">{record.resource.name}</td>
      <td className="truncate px-3">{record.user.username}</td>
      <td className="whitespace-nowrap px-3">{formatDateTime(record.startTime)}</td>
      <td className="whitespace-nowrap px-3">
        {record.endTime ? formatDateTime(record.endTime) : t('usageExport.running')}
      </td>
      <td className="px-3 text-right tabular-nums">{record.usageInMinutes.toFixed(2)}</td>
    </tr>
  );
}
