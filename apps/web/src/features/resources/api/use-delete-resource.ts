import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourcesKeys } from './resources-queries.ts';

/** Deletes a resource; its detail queries are dropped rather than refetched into a 404. */
export function useDeleteResource(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiClient.delete<void>(`/api/resources/${resourceId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: resourcesKeys.detail(resourceId) });
      return queryClient.invalidateQueries({ queryKey: resourcesKeys.all });
    },
  });
}
