import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitListEntry } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useLivePollInterval } from '../../resources/live/use-resource-live-updates.ts';
import { bookingsKeys, waitListQuery } from './bookings-queries.ts';

/** The resource's wait list in order; polled like the session while live events are down. */
export function useWaitList(resourceId: number) {
  return useQuery({ ...waitListQuery(resourceId), refetchInterval: useLivePollInterval() });
}

/** Joins (`join`) or leaves (`leave`) the resource's wait list; both answer the whole line. */
export function useWaitListCommands(resourceId: number) {
  const queryClient = useQueryClient();
  const key = bookingsKeys.waitList(resourceId);
  const show = (line: WaitListEntry[]) => queryClient.setQueryData(key, line);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const join = useSingleFlightMutation({
    mutationFn: () => apiClient.post<WaitListEntry[]>(`/api/resources/${resourceId}/wait-list`),
    onSuccess: show,
    onError: refresh,
  });
  const leave = useSingleFlightMutation({
    mutationFn: () => apiClient.delete<WaitListEntry[]>(`/api/resources/${resourceId}/wait-list`),
    onSuccess: show,
    onError: refresh,
  });
  return { join, leave };
}
