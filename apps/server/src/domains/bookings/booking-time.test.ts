import { describe, expect, it } from 'vitest';
import { weeksOf } from './booking-rules.ts';
import { bookingClock, onStep } from './booking-time.ts';

describe('booking times in the space’s zone', () => {
  const berlin = bookingClock('Europe/Berlin');

  it('names times as HH:MM, 24-hour, in the zone', () => {
    expect(berlin.hhmm(new Date('2026-11-30T14:30:00Z'))).toBe('15:30');
    expect(berlin.hhmm(new Date('2026-07-01T21:05:00Z'))).toBe('23:05');
  });

  it('finds the ISO week from Monday 00:00 local time, across a change of the clocks', () => {
    // Sunday 2026-03-29 is the change to summer time in Berlin.
    const week = berlin.isoWeekOf(new Date('2026-03-28T12:00:00Z'));
    expect(week.start.toISOString()).toBe('2026-03-22T23:00:00.000Z');
    expect(week.end.toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('counts a booking over Sunday midnight in both weeks', () => {
    const weeks = weeksOf(berlin, new Date('2026-11-29T22:00:00Z'), new Date('2026-11-30T00:00:00Z'));
    expect(weeks.map((week) => week.minutes)).toEqual([60, 60]);
  });

  it('puts slot steps on marks counted from the epoch', () => {
    expect(onStep(new Date('2026-11-30T14:30:00Z'), 30)).toBe(true);
    expect(onStep(new Date('2026-11-30T14:40:00Z'), 30)).toBe(false);
    expect(onStep(new Date('2026-11-30T14:45:00Z'), 15)).toBe(true);
  });
});
