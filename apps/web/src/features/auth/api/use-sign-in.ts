import { useMutation } from '@tanstack/react-query';
import type { LocalSignInBody } from '@toolpass/contracts';
import { useSession } from '../../../session/session-context.tsx';
import { signInLocal } from './auth-api.ts';

/** Local sign-in; a success signs the app in (spec 01 §4). */
export function useSignIn() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (body: LocalSignInBody) => signInLocal(body),
    onSuccess: (session) => signIn(session),
  });
}
