import { type CalendarDate, getLocalTimeZone, today } from '@internationalized/date';

/**
 * A chosen range of whole local days: what the server reads (ISO instants, the end exclusive)
 * and what the page shows and names the file by (the first and the last day, both included).
 */
export type UsageRange = { start: string; end: string; firstDay: string; lastDay: string };

/** A day as the range calendar gives it. */
export type CalendarDay = { year: number; month: number; day: number };

/** The range shown before the manager picks one: the last 30 days, today included. */
export const DEFAULT_RANGE_DAYS = 30;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const isoDay = (day: CalendarDay) => `${pad(day.year, 4)}-${pad(day.month)}-${pad(day.day)}`;

/** Whole days in local time: from the first day's midnight to the midnight after the last day. */
export function rangeOfDays(first: CalendarDay, last: CalendarDay): UsageRange {
  const start = new Date(first.year, first.month - 1, first.day);
  const end = new Date(last.year, last.month - 1, last.day + 1);
  return {
    start: start.toISOString(),
    end: end.toISOString(),
    firstDay: isoDay(first),
    lastDay: isoDay(last),
  };
}

/** The calendar's selection for the last 30 days up to `now`'s day. */
export function defaultRangeDays(now: CalendarDate = today(getLocalTimeZone())): {
  start: CalendarDate;
  end: CalendarDate;
} {
  return { start: now.subtract({ days: DEFAULT_RANGE_DAYS - 1 }), end: now };
}

/** dd/mm/yyyy of a yyyy-mm-dd day (spec 01 §1: dates day/month/year). */
export function formatDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** The download's name carries its days, so two exports of different ranges do not collide. */
export function usageCsvFileName(range: UsageRange): string {
  return `usage-${range.firstDay}-to-${range.lastDay}.csv`;
}
