import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import {
  RESOURCES_PAGE_SIZE,
  resourceGroupsKeys,
  resourceListQuery,
  resourcesKeys,
} from '../../resources/api/resources-queries.ts';

/** The resource selector lists the first 15 matches (spec 01 §9: resource selector search). */
export const RESOURCE_SEARCH_LIMIT = 15;

/** One page of the group's resources, 10 per page like a group card (spec 01 §9). */
export const useGroupResources = (groupId: number, page: number) =>
  useQuery(resourceListQuery({ page, limit: RESOURCES_PAGE_SIZE, groupId }));

/** Resources whose name matches, for adding one to the group. */
export const useResourceSearch = (search: string, isEnabled: boolean) =>
  useQuery({ ...resourceListQuery({ page: 1, limit: RESOURCE_SEARCH_LIMIT, search }), enabled: isEnabled });

export type GroupResourceChange = { resourceId: number; add: boolean };

/**
 * Adds a resource to the group or takes it out (spec 01 §7: POST and DELETE
 * /api/resource-groups/{groupId}/resources/{resourceId}). Resource pages, overview cards and
 * group pages all show membership, so all of them are refreshed.
 */
export function useGroupResourceMembership(groupId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ resourceId, add }: GroupResourceChange) => {
      const path = `/api/resource-groups/${groupId}/resources/${resourceId}`;
      return add ? apiClient.post<unknown>(path) : apiClient.delete<unknown>(path);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: resourcesKeys.all }),
        queryClient.invalidateQueries({ queryKey: resourceGroupsKeys.all }),
      ]),
  });
}
