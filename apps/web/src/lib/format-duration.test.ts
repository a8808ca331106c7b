import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('shows minutes and seconds under an hour', () => {
    expect(formatDuration(40 / 60, 'en')).toBe('40s');
    expect(formatDuration(0.67, 'en')).toBe('40s');
    expect(formatDuration(12 + 5 / 60, 'en')).toBe('12m 5s');
    expect(formatDuration(5, 'en')).toBe('5m');
    expect(formatDuration(59.99, 'en')).toBe('59m 59s');
  });

  it('splits an hour and more into days, hours and minutes', () => {
    expect(formatDuration(125, 'en')).toBe('2h 5m');
    expect(formatDuration(24 * 60 + 60 + 1, 'en')).toBe('1d 1h 1m');
  });

  it('leaves out empty parts but shows a zero duration', () => {
    expect(formatDuration(120, 'en')).toBe('2h');
    expect(formatDuration(0, 'en')).toBe('0s');
  });

  it('uses the language of the interface', () => {
    // CLDR's narrow German units, e.g. "2h 5 Min." and "12 Min. 5 Sek."
    expect(formatDuration(125, 'de')).toMatch(/^2\s?(h|Std\.) 5\s?Min\.$/);
    expect(formatDuration(12 + 5 / 60, 'de')).toMatch(/^12\s?Min\. 5\s?Sek\.$/);
    expect(formatDuration(40 / 60, 'de')).toMatch(/^40\s?Sek\.$/);
  });

  it('shows a dash for a running or invalid duration', () => {
    expect(formatDuration(-1, 'en')).toBe('-');
    expect(formatDuration(Number.NaN, 'en')).toBe('-');
  });
});
