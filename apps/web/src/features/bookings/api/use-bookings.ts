import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingKind } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourcesKeys } from '../../resources/api/resources-queries.ts';
import { bookingsKeys, myBookingsQuery, resourceBookingsQuery } from './bookings-queries.ts';

/** The resource's bookings and blocks of one week. */
export function useResourceBookings(resourceId: number, from: Date, to: Date) {
  return useQuery(resourceBookingsQuery(resourceId, from.toISOString(), to.toISOString()));
}

/** The viewer's bookings from now on, on every resource. */
export function useMyBookings() {
  return useQuery(myBookingsQuery());
}

/** After a booking changes, the calendars, "My bookings" and the resource (its start guard) may be stale. */
function refreshBookings(queryClient: ReturnType<typeof useQueryClient>, resourceId: number | undefined) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: bookingsKeys.all }),
    queryClient.invalidateQueries({
      queryKey: resourceId === undefined ? resourcesKeys.all : bookingsKeys.ofResource(resourceId),
    }),
  ]);
}

export type CreateBookingInput = { start: Date; end: Date; userId?: number | undefined; kind: BookingKind };

/** Books (or, for managers, blocks) a span of the resource; the server checks every rule. */
export function useCreateBooking(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ start, end, userId, kind }: CreateBookingInput) =>
      apiClient.post<Booking>(`/api/resources/${resourceId}/bookings`, {
        start: start.toISOString(),
        end: end.toISOString(),
        userId,
        kind,
      }),
    onSettled: () => refreshBookings(queryClient, resourceId),
  });
}

/** Cancels a booking or block: its holder, or a manager, before it began. */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (booking: Booking) => apiClient.delete<void>(`/api/bookings/${booking.id}`),
    onSettled: (_data, _error, booking) => refreshBookings(queryClient, booking.resourceId),
  });
}

export type MoveBookingInput = { booking: Booking; start: Date; end: Date };

/** Moves a booking or block to another span: its holder, or a manager, before it began. */
export function useMoveBooking() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ booking, start, end }: MoveBookingInput) =>
      apiClient.put<Booking>(`/api/bookings/${booking.id}`, {
        start: start.toISOString(),
        end: end.toISOString(),
      }),
    onSettled: (_data, _error, { booking }) => refreshBookings(queryClient, booking.resourceId),
  });
}
