import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time.ts';

describe('formatDateTime', () => {
  it('shows day/month/year with 24-hour time and two-digit parts', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 7, 3))).toBe('05/01/2026 07:03');
    expect(formatDateTime(new Date(2026, 11, 31, 23, 59))).toBe('31/12/2026 23:59');
  });

  it('accepts ISO strings', () => {
    const date = new Date(2026, 5, 1, 14, 30);
    expect(formatDateTime(date.toISOString())).toBe('01/06/2026 14:30');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatDateTime(null)).toBe('-');
    expect(formatDateTime(undefined)).toBe('-');
    expect(formatDateTime('')).toBe('-');
    expect(formatDateTime('not a date')).toBe('-');
  });
});
