import { Button, Checkbox, Label, Modal } from '@heroui/react';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  DEFAULT_USAGE_CSV_COLUMNS,
  type ResourceUsageRecord,
  USAGE_CSV_COLUMNS,
  USAGE_CSV_HEADER_LANGUAGES,
  type UsageCsvColumn,
  type UsageCsvHeaderLanguage,
} from '@toolpass/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { downloadUsageCsv, type UsageRange, useUsageRecords } from '../api/usage-export-queries.ts';

/** The preview's rows and its scrolling region (spec 02 §2). */
export const PREVIEW_ROW_HEIGHT = 40;
export const PREVIEW_MAX_HEIGHT = 500;

type UsageExportModalProps = {
  range: UsageRange;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** The header row is written in the viewer's language where the server has it, else in English. */
const headerLanguageOf = (language: string | undefined): UsageCsvHeaderLanguage =>
  USAGE_CSV_HEADER_LANGUAGES.find((known) => known === language) ?? 'en';

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
  const { t, i18n } = useTranslation();
  const [columns, setColumns] = useState<readonly UsageCsvColumn[]>(DEFAULT_USAGE_CSV_COLUMNS);
  const [grouped, setGrouped] = useState(false);
  const [isDownloading, setDownloading] = useState(false);
  const needsConnection = useNeedsConnection(columns.length === 0 || isDownloading);

  const toggle = (column: UsageCsvColumn, isSelected: boolean) =>
    setColumns((current) => (isSelected ? [...current, column] : current.filter((name) => name !== column)));

  const download = async () => {
    setDownloading(true);
    try {
      await downloadUsageCsv(range, {
        columns,
        groupByUserAndResource: grouped,
        headerLanguage: headerLanguageOf(i18n.resolvedLanguage),
      });
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
                  <Label>{t(`usageExport.columnNames.${column}`)}</Label>
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

  if (!records.isSuccess) {
    return (
      <QueryFallback
        query={records}
        skeletonClassName="h-40 w-full rounded-xl"
        errorTitle={t('usageExport.loadFailed')}
      />
    );
  }
  if (records.data.length === 0)
    return <p className="py-6 text-center text-muted">{t('usageExport.empty')}</p>;

  return (
    <section aria-labelledby="usage-preview-heading" className="flex flex-col gap-2">
      <h3 id="usage-preview-heading" className="font-medium">
        {t('usageExport.preview')}
      </h3>
      <p className="text-sm text-muted">{t('usageExport.previewCount', { count: records.data.length })}</p>
      <PreviewTable records={records.data} />
    </section>
  );
}

/**
 * Every record of the range, but only the rows in view (and a few around them) in the DOM: rows
 * of 40 px in a region of at most 500 px (spec 02 §2). Spacer rows stand for the others, and
 * aria-rowcount / aria-rowindex tell assistive technology where the rendered rows sit.
 */
function PreviewTable({ records }: { records: ResourceUsageRecord[] }) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: records.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => PREVIEW_ROW_HEIGHT,
    overscan: 5,
    // Before the first measurement (and in tests without layout) assume the full height.
    initialRect: { width: 0, height: PREVIEW_MAX_HEIGHT },
  });
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0);

  return (
    <div
      ref={scrollRef}
      className="overflow-auto rounded-xl border border-separator"
      style={{ maxHeight: PREVIEW_MAX_HEIGHT }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe).
      tabIndex={0}
    >
      <table
        className="w-full min-w-max text-left text-sm"
        aria-label={t('usageExport.previewLabel')}
        aria-rowcount={records.length + 1}
      >
        <thead className="sticky top-0 z-10 bg-surface">
          <tr aria-rowindex={1} style={{ height: PREVIEW_ROW_HEIGHT }}>
            <th className="px-3">{t('usageExport.resource')}</th>
            <th className="px-3">{t('usageExport.user')}</th>
            <th className="px-3">{t('usageExport.start')}</th>
            <th className="px-3">{t('usageExport.end')}</th>
            <th className="px-3 text-right">{t('usageExport.minutes')}</th>
          </tr>
        </thead>
        <tbody>
          {before > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable; it only keeps the scroll height.
            <tr aria-hidden="true" style={{ height: before }}>
              <td colSpan={5} />
            </tr>
          )}
          {rows.map((row) => {
            const record = records[row.index] as ResourceUsageRecord;
            return <PreviewRow key={row.key} record={record} rowIndex={row.index + 2} />;
          })}
          {after > 0 && (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, never focusable; it only keeps the scroll height.
            <tr aria-hidden="true" style={{ height: after }}>
              <td colSpan={5} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function PreviewRow({ record, rowIndex }: { record: ResourceUsageRecord; rowIndex: number }) {
  const { t } = useTranslation();
  return (
    <tr aria-rowindex={rowIndex} className="border-t border-separator" style={{ height: PREVIEW_ROW_HEIGHT }}>
      <td className="max-w-40 truncate px-3">{record.resource.name}</td>
      <td className="max-w-32 truncate px-3">{record.user.username}</td>
      <td className="whitespace-nowrap px-3">{formatDateTime(record.startTime)}</td>
      <td className="whitespace-nowrap px-3">
        {record.endTime ? formatDateTime(record.endTime) : t('usageExport.running')}
      </td>
      <td className="px-3 text-right tabular-nums">{record.usageInMinutes.toFixed(2)}</td>
    </tr>
  );
}
