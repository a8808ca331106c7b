import { useMutation } from '@tanstack/react-query';
import type { LinkSsoAccountBody } from '@toolpass/contracts';
import { linkSsoAccount } from './auth-api.ts';

/** Links a single sign-on identity to the existing account with that email, proven by its password. */
export function useLinkSsoAccount() {
  return useMutation({ mutationFn: (body: LinkSsoAccountBody) => linkSsoAccount(body) });
}
