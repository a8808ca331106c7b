import { SsoMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** Why linking failed, in the user's language where the message is known. */
export function ssoLinkErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError) || !error.body) return t('auth.ssoLinking.failedFallback');
  const { message } = error.body;
  if (message === SsoMessages.linkExpired) return t('auth.ssoLinking.linkExpired');
  if (message === SsoMessages.alreadyLinked) return t('auth.ssoLinking.alreadyLinked');
  return translateServerMessage(t, message);
}

/** Why the code of a single sign-on return did not sign in. */
export function ssoCodeErrorText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.body?.message === SsoMessages.signOnCodeExpired) {
    return t('auth.sso.codeExpired');
  }
  return t('auth.sso.invalidAuthMessage');
}
