import { useQueryClient } from '@tanstack/react-query';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { currentUserQueryKey } from '../../../sign-in/sign-in-api.ts';
import { undoEmailChange } from './account-api.ts';

export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: undoEmailChange,
    // Every sign-in of the account ended, this tab's too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
