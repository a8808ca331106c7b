import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourceGroupsKeys, resourcesKeys } from '../../resources/api/resources-queries.ts';

/** Deletes a group; its resources stay but become ungrouped, so resource data refreshes too. */
export function useDeleteResourceGroup(groupId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiClient.delete(`/api/resource-groups/${groupId}`),
    // The group's own query is left alone: refetching it now would only answer 404 to the page
    // that is about to leave.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: resourcesKeys.all });
      return queryClient.invalidateQueries({ queryKey: resourceGroupsKeys.list });
    },
  });
}
