import type { UsageSummary } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ACCENT, dayLabel, GRID, TICK, TOOLTIP_STYLE } from '../chart-style.ts';
import { useChartFormats } from '../hooks/use-chart-formats.ts';
import { ChartCard, DataTable } from './chart-card.tsx';

/** How many sessions started on each day of the range. */
export function SessionsPerDay({ data }: { data: UsageSummary }) {
  const { t } = useTranslation();
  const format = useChartFormats();
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
