import { queryOptions, useQueries } from '@tanstack/react-query';
import type { Introducer, Resource } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { resourceGroupsKeys, resourcesKeys } from '../../resources/api/resources-queries.ts';

/** A person who can give an introduction, whether to the resource itself or to one of its groups. */
export type AvailableIntroducer = { userId: number; username: string };

const introducersQuery = (queryKey: readonly unknown[], path: string) =>
  queryOptions({
    // Nested under the resource or group, so their live events refresh the list too.
    queryKey: [...queryKey, 'introducers', 'list'],
    queryFn: ({ signal }) => apiClient.get<Introducer[]>(`${path}/introducers`, { signal }),
  });

/** Each person once, by username. */
export function mergeIntroducers(lists: Introducer[][]): AvailableIntroducer[] {
  const byUser = new Map<number, AvailableIntroducer>();
  for (const introducer of lists.flat()) {
    byUser.set(introducer.userId, { userId: introducer.userId, username: introducer.user.username });
  }
  return [...byUser.values()].sort((a, b) => a.username.localeCompare(b.username));
}

/**
 * Everyone who may introduce a user to the resource: its own introducers and those of each of
 * its groups, since an introduction to a group counts for its resources (server resource-access).
 */
export function useAvailableIntroducers(resource: Resource) {
  return useQueries({
    queries: [
      introducersQuery(resourcesKeys.detail(resource.id), `/api/resources/${resource.id}`),
      ...resource.groups.map((group) =>
        introducersQuery(resourceGroupsKeys.detail(group.id), `/api/resource-groups/${group.id}`),
      ),
    ],
    combine: (results) => ({
      isPending: results.some((result) => result.isPending),
      isError: results.some((result) => result.isError),
      refetch: () => Promise.all(results.map((result) => result.refetch())),
      introducers: mergeIntroducers(results.flatMap((result) => (result.data ? [result.data] : []))),
    }),
  });
}
