import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Numbers and weekday names of the charts in the app's language. */
export function useChartFormats() {
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
