import { Toast } from '@heroui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BookingMessages } from '@toolpass/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi } from '../../../test/fake-api.ts';
import { aResource } from '../../../test/resource-fixture.ts';
import { addBookingServerMessages } from '../booking-messages.ts';
import { slotTime } from '../week.ts';
import { BookingDialog } from './booking-dialog.tsx';

addBookingServerMessages();
afterEach(() => vi.unstubAllGlobals());

const resource = aResource({ id: 3, name: 'Laser cutter', bookingMode: 'bookable', bookingMinMinutes: 60 });
const day = new Date(2030, 0, 8);
const now = new Date(2030, 0, 7, 9, 10);
const created = (body: unknown) => ({
  status: 201,
  body: { id: 1, resourceId: 3, user: { id: 7, username: 'me' }, kind: 'booking', ...(body as object) },
});

function renderDialog(isManager = false) {
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Toast.Provider />
      <BookingDialog
        resource={resource}
        slotStart={slotTime(day, 600)}
        isManager={isManager}
        now={now}
        onClose={onClose}
      />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('BookingDialog', () => {
  it('books from the chosen slot for the shortest length, on the step, with the keyboard', async () => {
    const sent = fakeApi({ 'POST /api/resources/3/bookings': created });
    const user = userEvent.setup();
    const onClose = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Book Laser cutter on 08/01/2030' })).toBeTruthy();
    // Start 10:00 (the slot), end 11:00 (the shortest booking of 60 minutes).
    expect(screen.getByRole('button', { name: /^10:00\s*Start/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^11:00\s*End/ })).toBeTruthy();
    // Members book for themselves only.
    expect(screen.queryByRole('radiogroup')).toBeNull();
    screen.getByRole('button', { name: 'Book' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.at(-1)).toEqual({
      method: 'POST',
      path: '/api/resources/3/bookings',
      body: {
        start: slotTime(day, 600).toISOString(),
        end: slotTime(day, 660).toISOString(),
        kind: 'booking',
      },
    });
  });

  it('shows the server’s refusal in human words and stays open', async () => {
    fakeApi({
      'POST /api/resources/3/bookings': {
        status: 409,
        body: apiError(409, BookingMessages.timeAlreadyBooked),
      },
    });
    const user = userEvent.setup();
    const onClose = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This time is already booked. Choose another slot.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('lets a manager block the time instead', async () => {
    const sent = fakeApi({ 'POST /api/resources/3/bookings': created });
    const user = userEvent.setup();
    const onClose = renderDialog(true);
    await user.click(screen.getByRole('radio', { name: 'Block time (maintenance)' }));
    await user.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.at(-1)?.body).toMatchObject({ kind: 'block' });
  });

  it('asks for the member before booking for someone else', async () => {
    const sent = fakeApi({});
    const user = userEvent.setup();
    renderDialog(true);
    await user.click(screen.getByRole('radio', { name: 'For someone else' }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Choose the member to book for.')).toBeTruthy();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('moves a booking within its day, keeping its length, or hands it over to be cancelled', async () => {
    const sent = fakeApi({
      'PUT /api/bookings/5': (body: unknown) => ({ status: 200, body: { id: 5, ...(body as object) } }),
    });
    const user = userEvent.setup();
    const onClose = vi.fn();
    const onCancelBooking = vi.fn();
    const booking = {
      id: 5,
      resourceId: 3,
      user: { id: 7, username: 'me' },
      start: slotTime(day, 600).toISOString(),
      end: slotTime(day, 660).toISOString(),
      kind: 'booking' as const,
    };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Toast.Provider />
        <BookingDialog
          resource={resource}
          slotStart={null}
          moving={booking}
          onCancelBooking={onCancelBooking}
          isManager
          now={now}
          onClose={onClose}
        />
      </QueryClientProvider>,
    );
    expect(
      screen.getByRole('dialog', { name: 'Move the booking of Laser cutter on 08/01/2030' }),
    ).toBeTruthy();
    // Moving keeps who the booking is for: no choice of purpose, even for managers.
    expect(screen.queryByRole('radiogroup')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^10:00\s*Start/ }));
    await user.click(await screen.findByRole('option', { name: '12:00' }));
    expect(screen.getByRole('button', { name: /^13:00\s*End/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/bookings/5',
      body: { start: slotTime(day, 720).toISOString(), end: slotTime(day, 780).toISOString() },
    });

    await user.click(screen.getByRole('button', { name: 'Cancel booking…' }));
    expect(onCancelBooking).toHaveBeenCalledWith(booking);
  });
});
