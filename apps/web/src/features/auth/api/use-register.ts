import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { registerUser } from './auth-api.ts';
import { screenLanguage } from './screen-language.ts';

export type Registration = { username: string; email: string; password: string };

/** Registration with a local password; the server mails an activation link. */
export function useRegister() {
  return useSingleFlightMutation({
    mutationFn: (registration: Registration) => {
      const language = screenLanguage();
      return registerUser({ ...registration, strategy: 'local_password', ...(language ? { language } : {}) });
    },
  });
}
