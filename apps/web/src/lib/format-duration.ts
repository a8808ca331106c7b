const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

/** A duration in whole minutes as days, hours and minutes with narrow units, e.g. "1d 2h 5m" (spec 01 §1). */
export function formatDuration(totalMinutes: number, locale: string): string {
  if (!Number.isFinite(totalMinutes) || totalMinutes < 0) return '-';
  const minutes = Math.round(totalMinutes);
  const parts: [number, 'day' | 'hour' | 'minute'][] = [
    [Math.floor(minutes / MINUTES_PER_DAY), 'day'],
    [Math.floor((minutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR), 'hour'],
    [minutes % MINUTES_PER_HOUR, 'minute'],
  ];
  const shown = parts.filter(([value], index) => value > 0 || (index === 2 && minutes === 0));
  return shown
    .map(([value, unit]) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value),
    )
    .join(' ');
}
