import { useQueryClient } from '@tanstack/react-query';
import type { ResourceGroup } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourceGroupsKeys, resourcesKeys } from '../../resources/api/resources-queries.ts';
import type { ResourceGroupFields } from './resource-group-fields.ts';

/** Saves a group's name and description; resources show their groups' names, so they refresh too. */
export function useUpdateResourceGroup(groupId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (fields: ResourceGroupFields) =>
      apiClient.put<ResourceGroup>(`/api/resource-groups/${groupId}`, fields),
    onSuccess: (group) => {
      queryClient.setQueryData(resourceGroupsKeys.detail(groupId), group);
      void queryClient.invalidateQueries({ queryKey: resourcesKeys.all });
      return queryClient.invalidateQueries({ queryKey: resourceGroupsKeys.list });
    },
  });
}
