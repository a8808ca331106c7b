import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { currentUserQueryKey } from '../../../sign-in/sign-in-api.ts';
import { verifyEmail } from './account-api.ts';

/** Confirms the address from the mail link; refreshes the current user after success (spec 01 §4). */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: verifyEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
