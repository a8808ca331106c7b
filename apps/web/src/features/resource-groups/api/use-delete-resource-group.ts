import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { deletionKeys, resourceGroupsKeys, resourcesKeys } from '../../resources/api/resources-queries.ts';

/**
 * Deletes a group. Its own data (the group, its introducers and introductions, the viewer's
 * introducer status) is removed rather than invalidated, which would refetch each into a 404; the
 * caller leaves the group's page at once. Its resources stay but become ungrouped, so resource
 * data and the list of groups refresh.
 */
export function useDeleteResourceGroup(groupId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationKey: deletionKeys.group(groupId),
    mutationFn: () => apiClient.delete(`/api/resource-groups/${groupId}`),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: resourceGroupsKeys.detail(groupId) });
      void queryClient.invalidateQueries({ queryKey: resourcesKeys.all });
      void queryClient.invalidateQueries({ queryKey: resourceGroupsKeys.list });
    },
  });
}
