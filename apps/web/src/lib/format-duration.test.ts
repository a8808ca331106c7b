import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('splits minutes into days, hours and minutes with narrow units', () => {
    expect(formatDuration(5, 'en')).toBe('5m');
    expect(formatDuration(125, 'en')).toBe('2h 5m');
    expect(formatDuration(24 * 60 + 60 + 1, 'en')).toBe('1d 1h 1m');
  });

  it('leaves out empty parts but shows zero minutes', () => {
    expect(formatDuration(120, 'en')).toBe('2h');
    expect(formatDuration(0, 'en')).toBe('0m');
  });

  it('uses the language of the interface', () => {
    // CLDR's narrow German units, e.g. "2h 5 Min."
    expect(formatDuration(125, 'de')).toMatch(/^2\s?(h|Std\.) 5\s?Min\.$/);
  });

  it('shows a dash for a running or invalid duration', () => {
    expect(formatDuration(-1, 'en')).toBe('-');
    expect(formatDuration(Number.NaN, 'en')).toBe('-');
  });
});
