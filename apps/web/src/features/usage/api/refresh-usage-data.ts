import type { QueryClient } from '@tanstack/react-query';
import { resourcesKeys } from '../../resources/api/resources-queries.ts';

/**
 * After a start, end or takeover, succeeded or not, the session and history on screen may be stale
 * (spec 01 §4); the overview's in-use chips too.
 */
export function refreshUsageData(queryClient: QueryClient, resourceId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: resourcesKeys.detail(resourceId) }),
    queryClient.invalidateQueries({ queryKey: resourcesKeys.inUse }),
  ]);
}
