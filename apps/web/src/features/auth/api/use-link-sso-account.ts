import type { LinkSsoAccountBody } from '@toolpass/contracts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { linkSsoAccount } from './auth-api.ts';

/** Links a single sign-on identity to the existing account with that email, proven by its password. */
export function useLinkSsoAccount() {
  return useSingleFlightMutation({ mutationFn: (body: LinkSsoAccountBody) => linkSsoAccount(body) });
}
