import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../../session/session-api.ts';
import { verifyEmail } from './account-api.ts';

/** Confirms the address from the mail link; refreshes the current user after success (spec 01 §4). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
