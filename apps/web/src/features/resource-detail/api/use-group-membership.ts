import { useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourceGroupsKeys, resourcesKeys } from '../../resources/api/resources-queries.ts';

export type GroupMembershipChange = { groupId: number; isMember: boolean };

/**
 * Adds the resource to a group or takes it out (spec 01 §7). The resource's groups, the overview's
 * group cards and the group pages all show membership, so all of them are refreshed.
 */
export function useGroupMembership(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ groupId, isMember }: GroupMembershipChange) => {
      const path = `/api/resource-groups/${groupId}/resources/${resourceId}`;
      return isMember ? apiClient.post<unknown>(path) : apiClient.delete<unknown>(path);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourcesKeys.all }),
        queryClient.invalidateQueries({ queryKey: resourceGroupsKeys.all }),
      ]),
  });
}
