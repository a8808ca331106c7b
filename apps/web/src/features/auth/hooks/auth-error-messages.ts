import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** Message under "Oops! Sign-in hiccup" (spec 01 §8). */
export function signInErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.body) return translateServerMessage(t, error.body.message);
  return t('auth.login.errorFallback');
}

const MIN_LENGTH_HINT = /at least \d+ characters|too short|min(imum)?[ _-]?length/i;

/**
 * Message under "Oops! A small hiccup" (spec 01 §5, §8): a password length violation in the
 * app's words, otherwise the first field message or the server message, otherwise a fallback.
 */
export function registrationErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError) || !error.body) return t('auth.register.errorFallback');
  const fieldMessages = Object.values(error.fieldErrors).flat();
  const passwordMessages = error.body.errors?.password ?? [];
  const passwordTooShort = error.body.issues?.some(
    (issue) => issue.field === 'password' && issue.code === 'too_small',
  );
  if (passwordTooShort || passwordMessages.some((message) => MIN_LENGTH_HINT.test(message))) {
    return t('auth.register.passwordTooShort');
  }
  const first = fieldMessages[0];
  if (first) return first;
  return translateServerMessage(t, error.body.message) || t('auth.register.errorFallback');
}
