import { Button, Card, RangeCalendar, Skeleton } from '@heroui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import type { UsageRange } from '../api/usage-export-queries.ts';
import { UsageExportModal } from './usage-export-modal.tsx';

// Recharts is the largest part of this page: a chunk of its own, fetched as the page opens (while
// the manager picks a range) and shown once a range is chosen.
const loadCharts = () => import('./usage-charts.tsx');
const UsageCharts = lazy(loadCharts);

type CalendarDay = { year: number; month: number; day: number };

/** Whole days in local time: from the first day's midnight to the midnight after the last day. */
export function rangeOfDays(first: CalendarDay, last: CalendarDay): UsageRange {
  const start = new Date(first.year, first.month - 1, first.day);
  const end = new Date(last.year, last.month - 1, last.day + 1);
  return { start: start.toISOString(), end: end.toISOString() };
}

/**
 * The CSV export page's body: a range calendar, the export modal for that range (spec 02 §2, §5)
 * and, beside them, charts of the range's usage.
 */
export function UsageExport() {
  const { t } = useTranslation();
  const [range, setRange] = useState<UsageRange | undefined>(undefined);
  const [isExportOpen, setExportOpen] = useState(false);
  useEffect(() => {
    void loadCharts();
  }, []);

  return (
    <div className="flex flex-col gap-6 xl:flex-row xl:items-start">
      <Card className="w-fit max-w-full shrink-0 gap-4 p-4">
        <RangeCalendar
          aria-label={t('usageExport.rangeLabel')}
          firstDayOfWeek="mon"
          onChange={(value) => setRange(value ? rangeOfDays(value.start, value.end) : undefined)}
        >
          <RangeCalendar.Header>
            <RangeCalendar.Heading />
            <RangeCalendar.NavButton slot="previous" />
            <RangeCalendar.NavButton slot="next" />
          </RangeCalendar.Header>
          <RangeCalendar.Grid>
            <RangeCalendar.GridHeader>
              {(day) => <RangeCalendar.HeaderCell>{day}</RangeCalendar.HeaderCell>}
            </RangeCalendar.GridHeader>
            <RangeCalendar.GridBody>{(date) => <RangeCalendar.Cell date={date} />}</RangeCalendar.GridBody>
          </RangeCalendar.Grid>
        </RangeCalendar>
        <p className="text-sm text-muted" aria-live="polite">
          {range
            ? t('usageExport.chosenRange', {
                start: formatDateTime(range.start),
                end: formatDateTime(range.end),
              })
            : t('usageExport.chooseRange')}
        </p>
        <Button className="w-fit" isDisabled={range === undefined} onPress={() => setExportOpen(true)}>
          {t('usageExport.export')}
        </Button>
        {range && <UsageExportModal range={range} isOpen={isExportOpen} onOpenChange={setExportOpen} />}
      </Card>
      {range && (
        <div className="min-w-0 flex-1">
          <Suspense fallback={<Skeleton className="h-72 rounded-xl" />}>
            <UsageCharts range={range} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
