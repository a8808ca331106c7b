import { useSignInScreenFacts } from './use-sso-providers.ts';

/**
 * Whether mails reach a mailbox (`smtp`) or only the server's output, from the sign-in screen's
 * answer (already asked); undefined until it is known. Its own module, so only the views that
 * speak of mails load it.
 */
export function useMailDelivery() {
  return useSignInScreenFacts().data?.[1].mailDelivery;
}
