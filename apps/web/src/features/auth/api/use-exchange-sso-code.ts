import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { exchangeSsoCode } from './auth-api.ts';

/** Exchanges the code of a single sign-on return for the sign-in; a success signs the app in. */
export function useExchangeSsoCode() {
  const { signIn } = useSignIn();
  return useSingleFlightMutation({
    mutationFn: (code: string) => exchangeSsoCode(code),
    onSuccess: (session) => signIn(session),
  });
}
