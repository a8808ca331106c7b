import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useLivePollInterval } from '../../resources/live/use-resource-live-updates.ts';
import { bookingsKeys, waitListQuery } from './bookings-queries.ts';

/** The resource's wait list in order; polled like the session while live events are down. */
export function useWaitList(resourceId: number) {
  return useQuery({ ...waitListQuery(resourceId), refetchInterval: useLivePollInterval() });
}

/** Joins (`join`) or leaves (`leave`) the resource's wait list. */
export function useWaitListCommands(resourceId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: bookingsKeys.waitList(resourceId) });
  const join = useSingleFlightMutation({
    mutationFn: () => apiClient.post<unknown>(`/api/resources/${resourceId}/wait-list`),
    onSettled: refresh,
  });
  const leave = useSingleFlightMutation({
    mutationFn: () => apiClient.delete<unknown>(`/api/resources/${resourceId}/wait-list`),
    onSettled: refresh,
  });
  return { join, leave };
}
