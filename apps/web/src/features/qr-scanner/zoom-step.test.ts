import { describe, expect, it } from 'vitest';
import { nextZoom } from './zoom-step.ts';

describe('nextZoom', () => {
  const range = { min: 1, max: 7 };

  it('moves a third of the range per press', () => {
    expect(nextZoom(1, range, 1)).toBe(3);
    expect(nextZoom(5, range, -1)).toBe(3);
  });

  it('stays inside the range', () => {
    expect(nextZoom(6, range, 1)).toBe(7);
    expect(nextZoom(2, range, -1)).toBe(1);
  });
});
