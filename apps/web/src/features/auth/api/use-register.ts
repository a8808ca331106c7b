import { useMutation } from '@tanstack/react-query';
import { registerUser } from './auth-api.ts';

export type Registration = { username: string; email: string; password: string };

/** Registration with a local password; the server mails an activation link. */
export function useRegister() {
  return useMutation({
    mutationFn: (registration: Registration) => registerUser({ ...registration, strategy: 'local_password' }),
  });
}
