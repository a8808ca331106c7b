import { CalendarDate } from '@internationalized/date';
import { describe, expect, it } from 'vitest';
import { defaultRangeDays, formatDay, rangeOfDays, usageCsvFileName } from './usage-range.ts';

describe('usage range', () => {
  it('covers whole local days, the last one included, and names them as chosen', () => {
    const range = rangeOfDays({ year: 2026, month: 10, day: 28 }, { year: 2026, month: 11, day: 26 });
    expect(new Date(range.start).getTime()).toBe(new Date(2026, 9, 28).getTime());
    expect(new Date(range.end).getTime()).toBe(new Date(2026, 10, 27).getTime());
    expect(range.firstDay).toBe('2026-10-28');
    expect(range.lastDay).toBe('2026-11-26');
    expect(formatDay(range.lastDay)).toBe('26/11/2026');
    expect(usageCsvFileName(range)).toBe('usage-2026-10-28-to-2026-11-26.csv');
  });

  it('defaults to the last 30 days, today included', () => {
    const { start, end } = defaultRangeDays(new CalendarDate(2026, 11, 26));
    expect(start.toString()).toBe('2026-10-28');
    expect(end.toString()).toBe('2026-11-26');
  });
});
