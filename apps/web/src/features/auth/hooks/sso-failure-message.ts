import type { SsoErrorCode } from '@toolpass/contracts';
import type { TFunction } from 'i18next';

/** Why a sign-on failed, in the user's language (literal keys, so the translation check finds them). */
export function ssoFailureMessage(t: TFunction, code: string): string {
  switch (code as SsoErrorCode) {
    case 'invalid-state':
      return t('auth.sso.failures.invalidState');
    case 'sign-in-failed':
      return t('auth.sso.failures.signInFailed');
    case 'access-denied':
      return t('auth.sso.failures.accessDenied');
    case 'email-missing':
      return t('auth.sso.failures.emailMissing');
    case 'email-in-use':
      return t('auth.sso.failures.emailInUse');
    case 'provider-unavailable':
      return t('auth.sso.failures.providerUnavailable');
    default:
      return t('auth.sso.failures.unknown');
  }
}
