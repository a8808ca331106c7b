import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { registerUser } from './auth-api.ts';

export type Registration = { username: string; email: string; password: string };

/** Registration with a local password; the server mails an activation link. */
export function useRegister() {
  return useSingleFlightMutation({
    mutationFn: (registration: Registration) => registerUser({ ...registration, strategy: 'local_password' }),
  });
}
