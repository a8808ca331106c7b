import { useQueryClient } from '@tanstack/react-query';
import type { User } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { usersKeys } from './users-queries.ts';

/** An administrator sets another user's address (counts as verified). */
export function useAdminChangeEmail(userId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (newEmail: string) => apiClient.patch<User>(`/api/users/${userId}/email`, { newEmail }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
