import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../../session/session-api.ts';
import { undoEmailChange } from './account-api.ts';

export function useUndoEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoEmailChange,
    // Every session of the account ended, this tab's too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
