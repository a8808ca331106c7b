import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking } from '@toolpass/contracts';
import { describe, expect, it, vi } from 'vitest';
import { daysOfWeek, slotTime, startOfWeek } from '../week.ts';
import { WeekCalendar } from './week-calendar.tsx';

// Monday 07/01/2030 09:10: the grid opens on today's next slot, 09:30.
const now = new Date(2030, 0, 7, 9, 10);
const days = daysOfWeek(startOfWeek(now));
const tuesday = days[1] as Date;
const adas: Booking = {
  id: 5,
  resourceId: 3,
  user: { id: 9, username: 'ada' },
  start: slotTime(tuesday, 600).toISOString(),
  end: slotTime(tuesday, 660).toISOString(),
  kind: 'booking',
};
const block: Booking = {
  ...adas,
  id: 6,
  user: null,
  kind: 'block',
  start: slotTime(tuesday, 720).toISOString(),
  end: slotTime(tuesday, 750).toISOString(),
};

function renderCalendar(onActivate = vi.fn()) {
  render(
    <WeekCalendar
      days={days}
      step={30}
      bookings={[adas, block]}
      viewerId={7}
      now={now}
      label="Bookings of Laser cutter"
      onActivate={onActivate}
    />,
  );
  return onActivate;
}

const focusedLabel = () => document.activeElement?.getAttribute('aria-label');

describe('WeekCalendar', () => {
  it('is one named grid with a day per column and one cell in the tab order', () => {
    renderCalendar();
    expect(screen.getByRole('grid', { name: 'Bookings of Laser cutter' }).tagName).toBe('TABLE');
    expect(screen.getAllByRole('columnheader')).toHaveLength(8);
    expect(screen.getByRole('columnheader', { name: /Tuesday\s*08\/01\/2030/ }).textContent).toContain(
      '08/01/2030',
    );
    const cells = screen.getAllByRole('gridcell');
    expect(cells).toHaveLength(7 * 48);
    expect(cells.filter((cell) => cell.tabIndex === 0)).toHaveLength(1);
  });

  it('moves between slots with the arrow keys and opens the focused free slot with Enter', async () => {
    const user = userEvent.setup();
    const onActivate = renderCalendar();
    await user.tab();
    expect(focusedLabel()).toBe('Monday 07/01/2030 09:30, free');
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(focusedLabel()).toBe('Tuesday 08/01/2030 10:00, booked by ada 10:00–11:00');
    await user.keyboard('{ArrowUp}');
    expect(focusedLabel()).toBe('Tuesday 08/01/2030 09:30, free');
    await user.keyboard('{Enter}');
    expect(onActivate).toHaveBeenCalledWith({ start: slotTime(tuesday, 570), booking: undefined });
    // Only one cell stays in the tab order: the one the keys moved to.
    expect(screen.getAllByRole('gridcell').filter((cell) => cell.tabIndex === 0)).toEqual([
      document.activeElement,
    ]);
  });

  it('opens a booked slot with Space, with its booking, and names blocks', async () => {
    const user = userEvent.setup();
    const onActivate = renderCalendar();
    await user.tab();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    await user.keyboard(' ');
    expect(onActivate).toHaveBeenCalledWith({ start: slotTime(tuesday, 600), booking: adas });
    const blocked = screen.getByRole('gridcell', { name: 'Tuesday 08/01/2030 12:00, blocked 12:00–12:30' });
    expect(blocked.textContent).toBe('Blocked');
    expect(screen.getByRole('gridcell', { name: /10:00, booked by ada/ }).textContent).toBe('ada');
    // The booking's second slot shows no name again; its label still says whose it is.
    expect(screen.getByRole('gridcell', { name: /10:30, booked by ada/ }).textContent).toBe('');
  });

  it('jumps to the first and last slot of the day and offers no free slot of the past', async () => {
    const user = userEvent.setup();
    const onActivate = renderCalendar();
    await user.tab();
    await user.keyboard('{End}');
    expect(focusedLabel()).toBe('Monday 07/01/2030 23:30, free');
    await user.keyboard('{Home}');
    expect(focusedLabel()).toBe('Monday 07/01/2030 00:00, free');
    expect(document.activeElement?.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onActivate).not.toHaveBeenCalled();
  });
});
