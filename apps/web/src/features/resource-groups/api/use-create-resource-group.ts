import { useQueryClient } from '@tanstack/react-query';
import type { ResourceGroup } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourceGroupsKeys } from '../../resources/api/resources-queries.ts';
import type { ResourceGroupFields } from './resource-group-fields.ts';

export function useCreateResourceGroup() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (fields: ResourceGroupFields) =>
      apiClient.post<ResourceGroup>('/api/resource-groups', fields),
    onSuccess: (group) => {
      queryClient.setQueryData(resourceGroupsKeys.detail(group.id), group);
      return queryClient.invalidateQueries({ queryKey: resourceGroupsKeys.list });
    },
  });
}
