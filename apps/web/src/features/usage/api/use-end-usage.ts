import { useQueryClient } from '@tanstack/react-query';
import type { UsageSession } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { refreshUsageData } from './refresh-usage-data.ts';

/** Ends the resource's running session (the viewer's own, or any for managers and introducers). */
export function useEndUsage(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ notes }: { notes?: string | undefined }) =>
      apiClient.put<UsageSession>(`/api/resources/${resourceId}/usage/end`, {
        notes: notes?.trim() || undefined,
      }),
    onSettled: () => refreshUsageData(queryClient, resourceId),
  });
}
