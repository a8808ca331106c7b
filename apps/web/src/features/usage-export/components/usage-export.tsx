import { Button, Card, RangeCalendar, Skeleton } from '@heroui/react';
import type { CalendarDate } from '@internationalized/date';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultRangeDays, formatDay, rangeOfDays } from '../usage-range.ts';
import { UsageExportModal } from './usage-export-modal.tsx';

// Recharts is the largest part of the usage page: a chunk of its own, fetched as the page opens.
const loadCharts = () => import('./usage-charts.tsx');
const UsageCharts = lazy(loadCharts);

type Days = { start: CalendarDate; end: CalendarDate };

/**
 * A range calendar (the last 30 days until one is picked) with the export of that range (spec 02
 * §2, §5) and, on the usage page, charts of the range's usage beside it.
 */
export function UsageExport({ showCharts }: { showCharts: boolean }) {
  const { t } = useTranslation();
  const [days, setDays] = useState<Days>(() => defaultRangeDays());
  const [isExportOpen, setExportOpen] = useState(false);
  const range = rangeOfDays(days.start, days.end);
  useEffect(() => {
    if (showCharts) void loadCharts();
  }, [showCharts]);

  return (
    <div className="flex flex-col gap-6 xl:flex-row xl:items-start">
      <Card className="w-fit max-w-full shrink-0 gap-4 p-4">
        <RangeCalendar
          aria-label={t('usageExport.rangeLabel')}
          firstDayOfWeek="mon"
          value={days}
          // Opens on the current month (the range's end), where the next pick most likely is.
          defaultFocusedValue={days.end}
          onChange={(value) => {
            if (value) setDays({ start: value.start as CalendarDate, end: value.end as CalendarDate });
          }}
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
          {t('usageExport.chosenRange', { start: formatDay(range.firstDay), end: formatDay(range.lastDay) })}
        </p>
        <p className="text-sm text-muted">{t('usageExport.chooseRange')}</p>
        <Button className="w-fit" onPress={() => setExportOpen(true)}>
          {t('usageExport.export')}
        </Button>
        <UsageExportModal range={range} isOpen={isExportOpen} onOpenChange={setExportOpen} />
      </Card>
      {showCharts && (
        <div className="min-w-0 flex-1">
          <Suspense fallback={<Skeleton className="h-72 rounded-xl" />}>
            <UsageCharts range={range} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
