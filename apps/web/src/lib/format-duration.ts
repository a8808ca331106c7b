const SECONDS_PER_MINUTE = 60;
const MINUTES_PER_HOUR = 60;
const MINUTES_PER_DAY = 24 * MINUTES_PER_HOUR;

type Unit = 'day' | 'hour' | 'minute' | 'second';

const join = (parts: [number, Unit][], locale: string, zeroUnit: Unit) => {
  const shown = parts.filter(([value]) => value > 0);
  return (shown.length > 0 ? shown : [[0, zeroUnit] as [number, Unit]])
    .map(([value, unit]) =>
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'narrow' }).format(value),
    )
    .join(' ');
};

/**
 * A duration given in minutes (with fractions) with narrow units (spec 01 §1): under an hour in
 * minutes and seconds ("40s", "12m 5s"), since a short session shown as "0m" reads as nothing;
 * from an hour on in days, hours and minutes ("1d 2h 5m").
 */
export function formatDuration(totalMinutes: number, locale: string): string {
  if (!Number.isFinite(totalMinutes) || totalMinutes < 0) return '-';
  const seconds = Math.round(totalMinutes * SECONDS_PER_MINUTE);
  if (seconds < MINUTES_PER_HOUR * SECONDS_PER_MINUTE) {
    return join(
      [
        [Math.floor(seconds / SECONDS_PER_MINUTE), 'minute'],
        [seconds % SECONDS_PER_MINUTE, 'second'],
      ],
      locale,
      'second',
    );
  }
  const minutes = Math.round(totalMinutes);
  return join(
    [
      [Math.floor(minutes / MINUTES_PER_DAY), 'day'],
      [Math.floor((minutes % MINUTES_PER_DAY) / MINUTES_PER_HOUR), 'hour'],
      [minutes % MINUTES_PER_HOUR, 'minute'],
    ],
    locale,
    'minute',
  );
}
