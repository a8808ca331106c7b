import type { Booking } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { bookingAt, daysOfWeek, formatDay, moveCell, slotMinutes, slotTime, startOfWeek } from './week.ts';

const booking = (start: Date, end: Date): Booking => ({
  id: 1,
  resourceId: 3,
  user: { id: 9, username: 'ada' },
  start: start.toISOString(),
  end: end.toISOString(),
  kind: 'booking',
});

describe('the calendar week', () => {
  it('begins on Monday, whichever day it is shown on', () => {
    expect(formatDay(startOfWeek(new Date(2030, 0, 13, 23, 59)))).toBe('07/01/2030');
    expect(formatDay(startOfWeek(new Date(2030, 0, 7, 0, 0)))).toBe('07/01/2030');
    expect(daysOfWeek(new Date(2030, 0, 7)).map(formatDay)).toEqual([
      '07/01/2030',
      '08/01/2030',
      '09/01/2030',
      '10/01/2030',
      '11/01/2030',
      '12/01/2030',
      '13/01/2030',
    ]);
  });

  it('has a row per slot of the step', () => {
    expect(slotMinutes(30)).toHaveLength(48);
    expect(slotMinutes(45).at(-1)).toBe(23 * 60 + 15);
  });

  it('finds the booking covering a slot, and none in the slot after it', () => {
    const day = new Date(2030, 0, 8);
    const taken = booking(slotTime(day, 600), slotTime(day, 660));
    expect(bookingAt([taken], slotTime(day, 630), 30)).toBe(taken);
    expect(bookingAt([taken], slotTime(day, 660), 30)).toBeUndefined();
    expect(bookingAt([taken], slotTime(day, 570), 30)).toBeUndefined();
  });

  it('moves the focus with the keys and stops at the edges', () => {
    expect(moveCell({ day: 0, slot: 0 }, 'ArrowUp', 48, 2)).toEqual({ day: 0, slot: 0 });
    expect(moveCell({ day: 6, slot: 47 }, 'ArrowRight', 48, 2)).toEqual({ day: 6, slot: 47 });
    expect(moveCell({ day: 2, slot: 10 }, 'PageDown', 48, 2)).toEqual({ day: 2, slot: 12 });
    expect(moveCell({ day: 2, slot: 10 }, 'End', 48, 2)).toEqual({ day: 2, slot: 47 });
    expect(moveCell({ day: 2, slot: 10 }, 'a', 48, 2)).toBeUndefined();
  });
});
