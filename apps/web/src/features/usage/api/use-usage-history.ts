import { useQuery } from '@tanstack/react-query';
import { type UsageHistoryParams, usageHistoryQuery } from '../../resources/api/resources-queries.ts';

/** One page of the resource's sessions, newest first; `userId` narrows it to one user. */
export function useUsageHistory(resourceId: number, params: UsageHistoryParams) {
  return useQuery(usageHistoryQuery(resourceId, params));
}
