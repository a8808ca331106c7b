import { useQueryClient } from '@tanstack/react-query';
import type { UsageSession } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { refreshUsageData } from './refresh-usage-data.ts';

export type StartUsageInput = { notes?: string | undefined; forceTakeOver?: boolean | undefined };

/**
 * Starts a session, or takes over the running one with `forceTakeOver`. The server decides:
 * 403 means an introduction is required, 409 that the resource is in use or refuses takeover.
 */
export function useStartUsage(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: ({ notes, forceTakeOver }: StartUsageInput) =>
      apiClient.post<UsageSession>(`/api/resources/${resourceId}/usage/start`, {
        notes: notes?.trim() || undefined,
        forceTakeOver,
      }),
    onSettled: () => refreshUsageData(queryClient, resourceId),
  });
}
