import type { UsageSummary } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ACCENT, GRID, TICK, TOOLTIP_STYLE } from '../chart-style.ts';
import { useChartFormats } from '../hooks/use-chart-formats.ts';
import { ChartCard, DataTable } from './chart-card.tsx';

/** At least an hour wide: minutes of use would otherwise get ticks that round to the same label. */
const HOURS_DOMAIN: [number, (dataMax: number) => number] = [0, (dataMax) => Math.max(1, dataMax)];

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
  const format = useChartFormats();
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

export function HoursPerResource({ data }: { data: UsageSummary }) {
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

export function TopUsers({ data }: { data: UsageSummary }) {
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
