import { ErrorCodes } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';

const MESSAGE_KEY_BY_CODE: Record<string, string> = {
  [ErrorCodes.emailAlreadyInUse]: 'users.email.errors.emailAlreadyInUse',
  [ErrorCodes.userNotFound]: 'users.email.errors.userNotFound',
  [ErrorCodes.insufficientPermissions]: 'users.email.errors.insufficientPermissions',
  [ErrorCodes.invalidEmailFormat]: 'users.email.errors.invalidEmailFormat',
  HTTP_EXCEPTION: 'users.email.errors.generic',
};

/** Spec 01 §8, admin email change: by error code, else the server message, else the generic text. */
export function adminEmailErrorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('users.email.errors.generic');
  const key = error.errorCode ? MESSAGE_KEY_BY_CODE[error.errorCode] : undefined;
  if (key) return t(key);
  return error.body ? translateServerMessage(t, error.body.message) : t('users.email.errors.generic');
}
