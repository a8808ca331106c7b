import type { Booking } from '@toolpass/contracts';

const MINUTE_MS = 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** Midnight (local time) of the Monday of the week holding `date`: weeks begin on Monday (ISO 8601). */
export function startOfWeek(date: Date): Date {
  const day = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const sinceMonday = (day.getDay() + 6) % 7;
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() - sinceMonday);
}

/** Midnight of the day `days` after `date`'s day; built from calendar fields, so a DST change keeps midnight. */
export function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** The seven days of the week that begins at `monday`. */
export function daysOfWeek(monday: Date): Date[] {
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The minutes after midnight each slot of a day begins at, on the resource's step. */
export function slotMinutes(step: number): number[] {
  return Array.from({ length: Math.floor((24 * 60) / step) }, (_, index) => index * step);
}

/** The moment a slot begins: its day plus its minutes, in local time. */
export function slotTime(day: Date, minutes: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minutes);
}

/** `dd/MM/yyyy` (spec 01 §1). */
export const formatDay = (date: Date) =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;

/** `HH:mm`, 24-hour; midnight at the end of a day reads 24:00. */
export function formatMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export const formatTime = (date: Date | string) => {
  const value = typeof date === 'string' ? new Date(date) : date;
  return `${pad(value.getHours())}:${pad(value.getMinutes())}`;
};

/** The booking covering the slot that begins at `start` and lasts `step` minutes, if any. */
export function bookingAt(bookings: readonly Booking[], start: Date, step: number): Booking | undefined {
  const from = start.getTime();
  const to = from + step * MINUTE_MS;
  return bookings.find((booking) => Date.parse(booking.start) < to && Date.parse(booking.end) > from);
}

/** Whether the slot is the first of the booking on that day, where its name is shown. */
export function isFirstSlotOf(booking: Booking, start: Date, step: number, dayStart: Date): boolean {
  const begins = Math.max(Date.parse(booking.start), dayStart.getTime());
  return begins >= start.getTime() && begins < start.getTime() + step * MINUTE_MS;
}

/** Cell coordinates of the grid: a day column and a slot row. */
export type Cell = { day: number; slot: number };

/**
 * Where a key moves the focus in a grid of `rows` slots by 7 days: arrows by one, Home and End to
 * the first and last slot of the day, Page Up and Page Down by an hour's worth of slots.
 * Undefined for keys that do not move it.
 */
export function moveCell(cell: Cell, key: string, rows: number, slotsPerHour: number): Cell | undefined {
  const clampRow = (slot: number) => Math.min(rows - 1, Math.max(0, slot));
  const clampDay = (day: number) => Math.min(6, Math.max(0, day));
  switch (key) {
    case 'ArrowUp':
      return { ...cell, slot: clampRow(cell.slot - 1) };
    case 'ArrowDown':
      return { ...cell, slot: clampRow(cell.slot + 1) };
    case 'ArrowLeft':
      return { ...cell, day: clampDay(cell.day - 1) };
    case 'ArrowRight':
      return { ...cell, day: clampDay(cell.day + 1) };
    case 'Home':
      return { ...cell, slot: 0 };
    case 'End':
      return { ...cell, slot: rows - 1 };
    case 'PageUp':
      return { ...cell, slot: clampRow(cell.slot - Math.max(1, slotsPerHour)) };
    case 'PageDown':
      return { ...cell, slot: clampRow(cell.slot + Math.max(1, slotsPerHour)) };
    default:
      return undefined;
  }
}
