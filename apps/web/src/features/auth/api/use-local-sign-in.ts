import type { LocalSignInBody } from '@toolpass/contracts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { signInLocal } from './auth-api.ts';

/** Local sign-in; a success signs the app in (spec 01 §4). */
export function useLocalSignIn() {
  const { signIn } = useSignIn();
  return useSingleFlightMutation({
    mutationFn: (body: LocalSignInBody) => signInLocal(body),
    onSuccess: (session) => signIn(session),
  });
}
