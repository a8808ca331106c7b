import { Card, Skeleton } from '@heroui/react';
import { USAGE_SUMMARY_MAX_DAYS, type UsageSummary } from '@toolpass/contracts';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Scatter,
  ScatterChart,
  Tooltip,
  usePlotArea,
  XAxis,
  YAxis,
} from 'recharts';
import { LoadError } from '../../../components/load-error.tsx';
import type { UsageRange } from '../api/usage-export-queries.ts';
import { isSummarisable, useUsageSummary } from '../api/usage-summary-queries.ts';

// Colours come from the HeroUI theme, so the charts follow light and dark.
const ACCENT = 'var(--accent)';
const MUTED = 'var(--muted)';
const GRID = 'var(--separator)';
const TICK = { fill: MUTED, fontSize: 12 };
const TOOLTIP_STYLE = {
  backgroundColor: 'var(--surface)',
  border: '1px solid var(--separator)',
  borderRadius: 12,
  color: 'var(--foreground)',
};

/** At least an hour wide: minutes of use would otherwise get ticks that round to the same label. */
const HOURS_DOMAIN: [number, (dataMax: number) => number] = [0, (dataMax) => Math.max(1, dataMax)];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
/** A local day YYYY-MM-DD as dd/MM/yyyy (or dd/MM on an axis), whatever the language (spec 01 §1). */
const dayLabel = (date: string, withYear = true) => {
  const [year, month, day] = date.split('-');
  return withYear ? `${day}/${month}/${year}` : `${day}/${month}`;
};

function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const hours = new Intl.NumberFormat(language, { maximumFractionDigits: 2 });
    const count = new Intl.NumberFormat(language);
    // 1 January 2024 was a Monday: weekday n is n - 1 days later.
    const weekday = (isoWeekday: number, width: 'short' | 'long' = 'short') =>
      new Intl.DateTimeFormat(language, { weekday: width, timeZone: 'UTC' }).format(
        new Date(Date.UTC(2024, 0, isoWeekday)),
      );
    return {
      hours: (value: number) => hours.format(value),
      count: (value: number) => count.format(value),
      weekday,
    };
  }, [language]);
}

/** Charts of a range's usage above its export: each with a title and the same numbers as a table. */
export default function UsageCharts({ range }: { range: UsageRange }) {
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

/** A chart's frame: its title, the chart as one labelled image, and a table with the same numbers. */
function ChartCard({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Card className="min-w-0 gap-3 p-4">
      <section aria-labelledby={headingId} className="flex flex-col gap-3">
        <h2 id={headingId} className="font-medium">
          {title}
        </h2>
        {/* The drawing is one image to assistive technology; the table below carries the numbers. */}
        <div role="img" aria-label={title}>
          {chart}
        </div>
        <details>
          <summary className="cursor-pointer text-sm text-accent">{t('usageCharts.showTable')}</summary>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe). */}
          <div className="mt-2 max-h-80 overflow-auto rounded-xl border border-separator" tabIndex={0}>
            {table}
          </div>
        </details>
      </section>
    </Card>
  );
}

function DataTable({ label, head, rows }: { label: string; head: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm" aria-label={label}>
      <thead className="sticky top-0 bg-surface">
        <tr>
          {head.map((cell, index) => (
            <th key={cell} scope="col" className={`px-3 py-2 ${index > 0 ? 'text-right' : ''}`}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest], rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows keep their order; names may repeat.
          <tr key={rowIndex} className="border-t border-separator">
            <th scope="row" className="px-3 py-2 font-normal">
              {first}
            </th>
            {rest.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are positional.
              <td key={index} className="px-3 py-2 text-right tabular-nums">
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Hours per named thing (a resource or a user) as horizontal bars, with the same numbers as a table. */
function HoursByNameChart({
  title,
  nameHeader,
  rows,
  barHeight,
  fill,
}: {
  title: string;
  nameHeader: string;
  rows: { name: string; hours: number }[];
  barHeight: number;
  fill: string;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    <ChartCard
      title={title}
      chart={
        <ResponsiveContainer width="100%" height={Math.max(160, rows.length * barHeight + 40)}>
          <BarChart data={rows} layout="vertical" accessibilityLayer={false} margin={{ left: 8, right: 16 }}>
            <CartesianGrid stroke={GRID} horizontal={false} />
            <XAxis
              type="number"
              tick={TICK}
              stroke={GRID}
              tickFormatter={format.hours}
              domain={HOURS_DOMAIN}
            />
            <YAxis type="category" dataKey="name" tick={TICK} stroke={GRID} width={120} />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              cursor={{ fill: 'var(--default)' }}
              formatter={(value) => [format.hours(Number(value)), t('usageCharts.hours')]}
            />
            <Bar dataKey="hours" fill={fill} radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          label={title}
          head={[nameHeader, t('usageCharts.hours')]}
          rows={rows.map((row) => [row.name, format.hours(row.hours)])}
        />
      }
    />
  );
}

function HoursPerResource({ data }: { data: UsageSummary }) {
  const { t } = useTranslation();
  return (
    <HoursByNameChart
      title={t('usageCharts.hoursPerResource')}
      nameHeader={t('usageCharts.resource')}
      rows={data.resources.map((entry) => ({ name: entry.resource.name, hours: entry.hours }))}
      barHeight={36}
      fill={ACCENT}
    />
  );
}

function SessionsPerDay({ data }: { data: UsageSummary }) {
  const { t } = useTranslation();
  const format = useFormats();
  const title = t('usageCharts.sessionsPerDay');
  return (
    <ChartCard
      title={title}
      chart={
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={data.sessionsPerDay} accessibilityLayer={false} margin={{ right: 16 }}>
            <CartesianGrid stroke={GRID} vertical={false} />
            <XAxis
              dataKey="date"
              tick={TICK}
              stroke={GRID}
              tickFormatter={(date: string) => dayLabel(date, false)}
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tick={TICK} stroke={GRID} width={40} tickFormatter={format.count} />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              cursor={{ fill: 'var(--default)' }}
              labelFormatter={(date) => dayLabel(String(date))}
              formatter={(value) => [format.count(Number(value)), t('usageCharts.sessions')]}
            />
            <Bar dataKey="sessions" fill={ACCENT} radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          label={title}
          head={[t('usageCharts.day'), t('usageCharts.sessions')]}
          rows={data.sessionsPerDay.map((day) => [dayLabel(day.date), format.count(day.sessions)])}
        />
      }
    />
  );
}

type HeatPoint = { weekday: number; hour: number; hours: number };

/** One cell of the heat map, as wide and high as an hour and a day of the plot; darker is busier. */
function HeatCell(props: { cx?: number; cy?: number; payload?: HeatPoint; max: number }) {
  const plot = usePlotArea();
  if (!plot || props.cx === undefined || props.cy === undefined || !props.payload) return null;
  const width = plot.width / 24;
  const height = plot.height / 7;
  const share = props.max > 0 ? props.payload.hours / props.max : 0;
  return (
    <rect
      x={props.cx - width / 2 + 1}
      y={props.cy - height / 2 + 1}
      width={Math.max(width - 2, 1)}
      height={Math.max(height - 2, 1)}
      rx={3}
      fill={share > 0 ? ACCENT : 'var(--default)'}
      fillOpacity={share > 0 ? 0.15 + 0.85 * share : 1}
    />
  );
}

function BusyHours({ data }: { data: UsageSummary }) {
  const { t } = useTranslation();
  const format = useFormats();
  const max = Math.max(...data.busyHours.map((cell) => cell.hours));
  const title = t('usageCharts.busyHours');
  const byCell = new Map(data.busyHours.map((cell) => [`${cell.weekday}-${cell.hour}`, cell.hours]));
  return (
    <ChartCard
      title={title}
      chart={
        <ResponsiveContainer width="100%" height={260}>
          <ScatterChart accessibilityLayer={false} margin={{ right: 16 }}>
            <XAxis
              type="number"
              dataKey="hour"
              domain={[-0.5, 23.5]}
              ticks={[0, 3, 6, 9, 12, 15, 18, 21]}
              tickFormatter={hourLabel}
              tick={TICK}
              stroke={GRID}
            />
            <YAxis
              type="number"
              dataKey="weekday"
              domain={[0.5, 7.5]}
              ticks={WEEKDAYS}
              reversed
              tickFormatter={(weekday: number) => format.weekday(weekday)}
              tick={TICK}
              stroke={GRID}
              width={40}
            />
            <Tooltip
              contentStyle={TOOLTIP_STYLE}
              cursor={false}
              content={({ active, payload }) => {
                const cell = payload?.[0]?.payload as HeatPoint | undefined;
                if (!active || !cell) return null;
                return (
                  <div style={{ ...TOOLTIP_STYLE, padding: 8, fontSize: 12 }}>
                    {format.weekday(cell.weekday, 'long')} {hourLabel(cell.hour)}: {format.hours(cell.hours)}{' '}
                    {t('usageCharts.hours')}
                  </div>
                );
              }}
            />
            <Scatter data={data.busyHours} shape={<HeatCell max={max} />} isAnimationActive={false} />
          </ScatterChart>
        </ResponsiveContainer>
      }
      table={
        <DataTable
          label={title}
          head={[t('usageCharts.weekday'), ...HOURS.map(hourLabel)]}
          rows={WEEKDAYS.map((weekday) => [
            format.weekday(weekday, 'long'),
            ...HOURS.map((hour) => format.hours(byCell.get(`${weekday}-${hour}`) ?? 0)),
          ])}
        />
      }
    />
  );
}

function TopUsers({ data }: { data: UsageSummary }) {
  const { t } = useTranslation();
  return (
    <HoursByNameChart
      title={t('usageCharts.topUsers')}
      nameHeader={t('usageCharts.user')}
      rows={data.topUsers.map((entry) => ({ name: entry.user.username, hours: entry.hours }))}
      barHeight={28}
      fill="var(--success)"
    />
  );
}
