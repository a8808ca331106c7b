import { useQueryClient } from '@tanstack/react-query';
import type { SystemPermissions, User } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { usersKeys } from './users-queries.ts';

/** Saves a user's three permissions; every user query is refreshed, the own one included. */
export function useUpdatePermissions(userId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (permissions: SystemPermissions) =>
      apiClient.patch<User>(`/api/users/${userId}/permissions`, permissions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
