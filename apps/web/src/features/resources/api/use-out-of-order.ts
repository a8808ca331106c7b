import { useQueryClient } from '@tanstack/react-query';
import type { MarkOutOfOrderBody, Resource } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourcesKeys } from './resources-queries.ts';

/** Marks a resource out of order, or puts it back in service (decision 21); every view refreshes. */
export function useOutOfOrder(resourceId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourcesKeys.all });
  const mark = useSingleFlightMutation({
    mutationFn: (body: MarkOutOfOrderBody) =>
      apiClient.put<Resource>(`/api/resources/${resourceId}/out-of-order`, body),
    onSuccess: refresh,
  });
  const clear = useSingleFlightMutation({
    mutationFn: () => apiClient.delete<Resource>(`/api/resources/${resourceId}/out-of-order`),
    onSuccess: refresh,
  });
  return { mark, clear };
}
