import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Resource, UpdateDocumentationBody } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { resourceQuery, resourcesKeys } from '../../resources/api/resources-queries.ts';

/**
 * The documentation travels with the resource, so it shares the resource's cached query.
 * `refetchOnOpen` fetches it again on mount even when cached (the modal refetches on open).
 */
export function useResourceDocumentation(resourceId: number, { refetchOnOpen = false } = {}) {
  return useQuery({ ...resourceQuery(resourceId), refetchOnMount: refetchOnOpen ? 'always' : true });
}

export function useSaveDocumentation(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (body: UpdateDocumentationBody) =>
      apiClient.put<Resource>(`/api/resources/${resourceId}/documentation`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(resourcesKeys.detail(resourceId), saved);
      return queryClient.invalidateQueries({ queryKey: resourcesKeys.lists });
    },
  });
}
