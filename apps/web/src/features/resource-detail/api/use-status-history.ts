import { useQuery } from '@tanstack/react-query';
import type { ResourceStatusChange } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { resourcesKeys } from '../../resources/api/resources-queries.ts';

/** The resource's out-of-order marks and returns to service, newest first (decision 21). */
export function useStatusHistory(resourceId: number) {
  return useQuery({
    // Under the resource's key: its live events refresh it.
    queryKey: [...resourcesKeys.detail(resourceId), 'out-of-order-history'],
    queryFn: ({ signal }) =>
      apiClient.get<ResourceStatusChange[]>(`/api/resources/${resourceId}/out-of-order/history`, { signal }),
  });
}
