import type { Booking } from '@toolpass/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  bookingAt,
  type Cell,
  formatDay,
  formatMinutes,
  formatTime,
  isFirstSlotOf,
  moveCell,
  slotMinutes,
  slotTime,
} from '../week.ts';

/** What a slot holds when it is activated: its start, and the booking covering it if any. */
export type SlotActivation = { start: Date; booking: Booking | undefined };

type WeekCalendarProps = {
  /** The seven days shown, Monday first. */
  days: Date[];
  /** Minutes per row: the resource's slot step, or a whole number of steps. */
  step: number;
  bookings: readonly Booking[];
  viewerId: number;
  now: Date;
  /** Names the grid, such as "Bookings of Laser cutter". */
  label: string;
  /** Enter or Space on a slot; free slots in the past are not offered. */
  onActivate: (slot: SlotActivation) => void;
};

/**
 * A week as an ARIA grid: a column per day, a row per slot. One cell is in the tab order at a
 * time (roving focus); arrows move between slots, Home/End to a day's first and last, Page Up and
 * Down by an hour; Enter or Space opens the slot.
 */
export function WeekCalendar({ days, step, bookings, viewerId, now, label, onActivate }: WeekCalendarProps) {
  const { t, i18n } = useTranslation();
  const slots = slotMinutes(step);
  const slotsPerHour = Math.floor(60 / step);
  const [focused, setFocused] = useState<Cell>(() => initialCell(days, step, now));
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const scroller = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const captionId = useId();
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'long' });

  useEffect(() => {
    const cell = cells.current.get(`${focused.day}-${focused.slot}`);
    if (moved.current) {
      moved.current = false;
      cell?.focus();
    }
  }, [focused]);

  // The day's working hours come into view first, not midnight; only on the first drawing, as
  // afterwards the focus scrolls its cell into view itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on mount
  useEffect(() => {
    const row = cells.current.get(`${focused.day}-${focused.slot}`)?.parentElement;
    if (scroller.current && row) scroller.current.scrollTop = Math.max(0, row.offsetTop - 48);
  }, []);

  const describe = (start: Date, booking: Booking | undefined) => {
    const when = `${weekday.format(start)} ${formatDay(start)} ${formatTime(start)}`;
    if (!booking) return t('bookings.calendar.freeSlot', { when });
    const span = `${formatTime(booking.start)}–${formatTime(booking.end)}`;
    if (booking.kind === 'block') return t('bookings.calendar.blockedSlot', { when, span });
    if (booking.user?.id === viewerId) return t('bookings.calendar.ownSlot', { when, span });
    return t('bookings.calendar.bookedSlot', { when, span, name: booking.user?.username ?? '' });
  };

  const activate = (cell: Cell) => {
    const day = days[cell.day];
    const minutes = slots[cell.slot];
    if (!day || minutes === undefined) return;
    const start = slotTime(day, minutes);
    const booking = bookingAt(bookings, start, step);
    if (!booking && start.getTime() + step * 60_000 <= now.getTime()) return;
    onActivate({ start, booking });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate(focused);
      return;
    }
    const next = moveCell(focused, event.key, slots.length, slotsPerHour);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocused(next);
  };

  return (
    <div ref={scroller} className="max-h-[28rem] overflow-auto rounded-xl border border-separator">
      <table
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table keeps its headers and columns
        role="grid"
        aria-labelledby={captionId}
        className="w-full table-fixed border-collapse text-sm"
        onKeyDown={onKeyDown}
      >
        <caption id={captionId} className="sr-only">
          {label}
        </caption>
        <thead className="sticky top-0 z-10 bg-surface">
          <tr>
            <th scope="col" className="w-16 p-1 text-left font-normal text-muted">
              <span className="sr-only">{t('bookings.calendar.time')}</span>
            </th>
            {days.map((day) => (
              <th key={day.getTime()} scope="col" className="p-1 text-center font-medium">
                <span className="block">{weekday.format(day)}</span>
                <span className="block text-xs font-normal text-muted">{formatDay(day)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {slots.map((minutes, slot) => (
            <tr key={minutes}>
              <th scope="row" className="p-1 text-left align-top font-normal text-muted tabular-nums">
                {formatMinutes(minutes)}
              </th>
              {days.map((day, dayIndex) => {
                const start = slotTime(day, minutes);
                const booking = bookingAt(bookings, start, step);
                const isFocused = focused.day === dayIndex && focused.slot === slot;
                const isPast = start.getTime() + step * 60_000 <= now.getTime();
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: Enter and Space reach the table's key handler
                  <td
                    key={day.getTime()}
                    ref={(element) => {
                      const key = `${dayIndex}-${slot}`;
                      if (element) cells.current.set(key, element);
                      else cells.current.delete(key);
                    }}
                    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a cell of the ARIA grid, focused by the grid's keys
                    role="gridcell"
                    tabIndex={isFocused ? 0 : -1}
                    aria-label={describe(start, booking)}
                    aria-disabled={!booking && isPast ? true : undefined}
                    onClick={() => {
                      setFocused({ day: dayIndex, slot });
                      activate({ day: dayIndex, slot });
                    }}
                    onFocus={() => {
                      if (!isFocused) setFocused({ day: dayIndex, slot });
                    }}
                    className={`h-8 cursor-pointer border border-separator px-1 align-top outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-inset ${cellTone(booking, viewerId, isPast)}`}
                  >
                    {booking && isFirstSlotOf(booking, start, step, day) && (
                      <span aria-hidden="true" className="block truncate text-xs">
                        {booking.kind === 'block' ? t('bookings.calendar.blocked') : booking.user?.username}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cellTone(booking: Booking | undefined, viewerId: number, isPast: boolean): string {
  if (!booking) return isPast ? 'bg-surface-secondary' : '';
  if (booking.kind === 'block') return 'bg-default text-foreground';
  return booking.user?.id === viewerId
    ? 'bg-accent text-accent-foreground'
    : 'bg-accent-soft text-foreground';
}

/** Today's next slot when the week holds today, else 08:00 on Monday. */
function initialCell(days: Date[], step: number, now: Date): Cell {
  const today = days.findIndex((day) => formatDay(day) === formatDay(now));
  if (today === -1) return { day: 0, slot: Math.floor((8 * 60) / step) };
  const minutes = now.getHours() * 60 + now.getMinutes();
  return { day: today, slot: Math.min(Math.floor((24 * 60) / step) - 1, Math.ceil(minutes / step)) };
}
