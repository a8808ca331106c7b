import { describe, expect, it } from 'vitest';
import { formatElapsed } from './format-elapsed.ts';

describe('formatElapsed', () => {
  it('shows two-digit hours, minutes and seconds', () => {
    expect(formatElapsed(0)).toBe('00:00:00');
    expect(formatElapsed(((1 * 60 + 2) * 60 + 3) * 1000 + 999)).toBe('01:02:03');
  });

  it('keeps counting hours past a day', () => {
    expect(formatElapsed(26 * 3600 * 1000)).toBe('26:00:00');
  });

  it('shows zero when the server clock is slightly ahead of this one', () => {
    expect(formatElapsed(-1500)).toBe('00:00:00');
  });
});
