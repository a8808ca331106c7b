import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset } from './auth-api.ts';

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });
}
