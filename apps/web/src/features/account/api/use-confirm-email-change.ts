import { useMutation, useQueryClient } from '@tanstack/react-query';
import { currentUserQueryKey } from '../../../session/session-api.ts';
import { confirmEmailChange } from './account-api.ts';

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
