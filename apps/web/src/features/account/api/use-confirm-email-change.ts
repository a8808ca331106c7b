import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { currentUserQueryKey } from '../../../sign-in/sign-in-api.ts';
import { confirmEmailChange } from './account-api.ts';

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
