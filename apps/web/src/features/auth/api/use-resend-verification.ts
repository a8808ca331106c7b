import { ErrorCodes, type LocalSignInBody } from '@toolpass/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { signInLocal } from './auth-api.ts';

/**
 * A fresh verification mail: the server sends one whenever the right password of an unverified
 * account is given (a few per quarter hour), so this repeats the sign-in. Answers 'sent', or signs
 * in when the address was confirmed meanwhile.
 */
export function useResendVerification() {
  const { signIn } = useSignIn();
  return useSingleFlightMutation({
    mutationFn: async (body: LocalSignInBody): Promise<'sent' | 'signedIn'> => {
      try {
        signIn(await signInLocal(body));
        return 'signedIn';
      } catch (error) {
        if (error instanceof ApiError && error.errorCode === ErrorCodes.emailNotVerified) return 'sent';
        throw error;
      }
    },
  });
}
