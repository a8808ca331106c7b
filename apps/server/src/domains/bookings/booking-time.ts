import { offsetMinutesAt, zonePartsFormat } from '../analytics/zone-offsets.ts';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * Times of bookings in the space's zone (decision 23): the zone of the server's process (TZ)
 * unless one is given. Refusal texts name times in it, and the weekly hours count its ISO weeks.
 */
export function bookingClock(timeZone?: string) {
  // Made on first use: a process's first Intl formats load the zone data, about 20 ms that the
  // start-up would otherwise pay for a feature most spaces never switch on (issue 31).
  let formats: { zone: string; hourMinute: Intl.DateTimeFormat; parts: Intl.DateTimeFormat } | undefined;
  const made = () => {
    if (!formats) {
      const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
      const hourMinute = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
      formats = { zone, hourMinute, parts: zonePartsFormat(zone) };
    }
    return formats;
  };
  const offsetMs = (ms: number) => offsetMinutesAt(made().parts, ms) * MINUTE_MS;
  return {
    get zone() {
      return made().zone;
    },
    /** "HH:MM", 24-hour, as a refusal names a booking's end. */
    hhmm: (at: Date) => made().hourMinute.format(at),
    /** The ISO week (Monday 00:00 to the next Monday 00:00, local time) that holds `at`. */
    isoWeekOf(at: Date): { start: Date; end: Date } {
      const local = at.getTime() + offsetMs(at.getTime());
      const weekday = (new Date(local).getUTCDay() + 6) % 7;
      const mondayLocal = Math.floor(local / DAY_MS) * DAY_MS - weekday * DAY_MS;
      const toInstant = (localMs: number) => localMs - offsetMs(localMs - offsetMs(localMs));
      return { start: new Date(toInstant(mondayLocal)), end: new Date(toInstant(mondayLocal + 7 * DAY_MS)) };
    },
  };
}

export type BookingClock = ReturnType<typeof bookingClock>;

/**
 * Whether a time lies on the slot step. Steps are counted from the Unix epoch (UTC midnight),
 * not from local midnight: every step that divides an hour (the usual 15, 30, 60 minutes) then
 * falls on the same wall-clock marks in every zone with whole- or half-hour offsets, and the
 * rule does not move on the days the clocks change.
 */
export const onStep = (at: Date, stepMinutes: number) => at.getTime() % (stepMinutes * MINUTE_MS) === 0;

/** Minutes of [start, end) that fall within [from, to). */
export function minutesWithin(start: Date, end: Date, from: Date, to: Date): number {
  const overlap = Math.min(end.getTime(), to.getTime()) - Math.max(start.getTime(), from.getTime());
  return overlap > 0 ? overlap / MINUTE_MS : 0;
}
