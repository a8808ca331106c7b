import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { deletionKeys, resourcesKeys } from './resources-queries.ts';

/**
 * Deletes a resource. Everything fetched about it (usage, introductions, introducers, the
 * out-of-order history: all under its detail key) is removed rather than invalidated, which would
 * refetch each into a 404. The caller leaves the resource's page at once, so nothing asks again.
 */
export function useDeleteResource(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: deletionKeys.resource(resourceId),
    mutationFn: () => apiClient.delete<void>(`/api/resources/${resourceId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: resourcesKeys.detail(resourceId) });
      // The lists and the in-use set no longer hold it; what is left of it was removed above.
      void queryClient.invalidateQueries({ queryKey: resourcesKeys.all });
    },
  });
}
