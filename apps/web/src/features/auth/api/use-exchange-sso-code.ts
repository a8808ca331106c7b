import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useSession } from '../../../session/session-context.tsx';
import { exchangeSsoCode } from './auth-api.ts';

/** Exchanges the code of a single sign-on return for the session; a success signs the app in. */
export function useExchangeSsoCode() {
  const { signIn } = useSession();
  return useSingleFlightMutation({
    mutationFn: (code: string) => exchangeSsoCode(code),
    onSuccess: (session) => signIn(session),
  });
}
