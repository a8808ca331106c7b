import { BookingMessages, DEFAULT_BOOKING_SLOT_MINUTES } from '@toolpass/contracts';
import { badRequest } from '../../platform/http/errors.ts';
import { type BookingClock, minutesWithin, onStep } from './booking-time.ts';
import type { ResourceBookingRules } from './bookings.repository.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * The rules a booking's times must keep (decision 23), first broken first: an end after the
 * start, no start in the past, the slot step, the shortest and longest length and the horizon.
 * A manager's block keeps the first three only: maintenance takes what it takes.
 */
export function checkTimes(
  rules: ResourceBookingRules,
  span: { start: Date; end: Date; kind: 'booking' | 'block' },
  now: Date,
): void {
  const { start, end } = span;
  if (end.getTime() <= start.getTime()) throw badRequest(BookingMessages.endBeforeStart);
  if (start.getTime() < now.getTime()) throw badRequest(BookingMessages.inThePast);
  const step = rules.slotMinutes ?? DEFAULT_BOOKING_SLOT_MINUTES;
  if (!onStep(start, step) || !onStep(end, step)) throw badRequest(BookingMessages.slotStep);
  if (span.kind === 'block') return;
  const minutes = (end.getTime() - start.getTime()) / MINUTE_MS;
  if (rules.minMinutes !== null && minutes < rules.minMinutes) throw badRequest(BookingMessages.tooShort);
  if (rules.maxMinutes !== null && minutes > rules.maxMinutes) throw badRequest(BookingMessages.tooLong);
  if (rules.horizonDays !== null && start.getTime() > now.getTime() + rules.horizonDays * DAY_MS) {
    throw badRequest(BookingMessages.beyondHorizon);
  }
}

/**
 * The ISO weeks (local time) a span touches, each with the minutes of the span in it: the
 * weekly hours are counted per week, so a booking over Sunday midnight counts in both.
 */
export function weeksOf(clock: BookingClock, start: Date, end: Date) {
  const weeks: { start: Date; end: Date; minutes: number }[] = [];
  let week = clock.isoWeekOf(start);
  while (week.start.getTime() < end.getTime()) {
    weeks.push({ ...week, minutes: minutesWithin(start, end, week.start, week.end) });
    week = clock.isoWeekOf(week.end);
  }
  return weeks;
}

/** Refuses a booking whose week would hold more than the resource's booked hours per member. */
export async function checkWeeklyHours(
  rules: ResourceBookingRules,
  clock: BookingClock,
  span: { start: Date; end: Date },
  bookedIn: (from: Date, to: Date) => Promise<{ start: Date; end: Date }[]>,
): Promise<void> {
  if (rules.maxHoursPerWeek === null) return;
  for (const week of weeksOf(clock, span.start, span.end)) {
    const booked = (await bookedIn(week.start, week.end)).reduce(
      (sum, other) => sum + minutesWithin(other.start, other.end, week.start, week.end),
      0,
    );
    if (booked + week.minutes > rules.maxHoursPerWeek * 60) throw badRequest(BookingMessages.weeklyHours);
  }
}
