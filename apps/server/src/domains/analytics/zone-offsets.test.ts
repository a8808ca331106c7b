import { describe, expect, it } from 'vitest';
import { localClock, zoneOffsets } from './zone-offsets.ts';

describe('zoneOffsets', () => {
  it('finds the minute of each daylight saving change in a year of Berlin', () => {
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    const end = Date.parse('2025-01-01T00:00:00.000Z');
    expect(zoneOffsets('Europe/Berlin', start, end)).toEqual([
      { fromMs: start, offsetMinutes: 60 },
      { fromMs: Date.parse('2024-03-31T01:00:00.000Z'), offsetMinutes: 120 },
      { fromMs: Date.parse('2024-10-27T01:00:00.000Z'), offsetMinutes: 60 },
    ]);
  });

  it('keeps one segment for a zone without changes, whatever its offset', () => {
    const start = Date.parse('2024-01-01T00:00:00.000Z');
    expect(zoneOffsets('Asia/Kolkata', start, start + 30 * 86_400_000)).toEqual([
      { fromMs: start, offsetMinutes: 330 },
    ]);
  });
});

describe('localClock', () => {
  it('shows the local wall-clock time on either side of a change', () => {
    const start = Date.parse('2024-03-30T00:00:00.000Z');
    const local = localClock(zoneOffsets('Europe/Berlin', start, start + 2 * 86_400_000));
    expect(local(Date.parse('2024-03-31T00:59:00.000Z')).toISOString()).toBe('2024-03-31T01:59:00.000Z');
    expect(local(Date.parse('2024-03-31T01:00:00.000Z')).toISOString()).toBe('2024-03-31T03:00:00.000Z');
  });
});
