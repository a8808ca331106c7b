import type { UsageSummary } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ResponsiveContainer, Scatter, ScatterChart, Tooltip, usePlotArea, XAxis, YAxis } from 'recharts';
import { ACCENT, GRID, TICK, TOOLTIP_STYLE } from '../chart-style.ts';
import { useChartFormats } from '../hooks/use-chart-formats.ts';
import { ChartCard, DataTable } from './chart-card.tsx';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

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

/** Which hours of which weekdays the resources are used most, as a heat map. */
export function BusyHours({ data }: { data: UsageSummary }) {
  const { t } = useTranslation();
  const format = useChartFormats();
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
