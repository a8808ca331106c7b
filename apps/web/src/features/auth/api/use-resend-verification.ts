import type { LocalSignInBody } from '@toolpass/contracts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { resendVerification, signInLocal } from './auth-api.ts';
import { screenLanguage } from './screen-language.ts';

/**
 * A fresh verification mail, asked for with the sign-in just refused (signing in itself sends
 * none). Answers 'sent', or signs in when the address was confirmed meanwhile.
 */
export function useResendVerification() {
  const { signIn } = useSignIn();
  return useSingleFlightMutation({
    mutationFn: async (body: LocalSignInBody): Promise<'sent' | 'signedIn'> => {
      const language = screenLanguage();
      const { status } = await resendVerification({ ...body, ...(language ? { language } : {}) });
      if (status === 'sent') return 'sent';
      signIn(await signInLocal(body));
      return 'signedIn';
    },
  });
}
