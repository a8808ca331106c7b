import { ErrorCodes } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';

function serverMessage(t: TFunction, error: unknown): string | undefined {
  return error instanceof ApiError && error.body ? translateServerMessage(t, error.body.message) : undefined;
}

/** Spec 01 §8, verify email. */
export function verifyEmailErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.errorCode === ErrorCodes.invalidVerificationToken) {
    return t('account.verifyEmail.invalidToken');
  }
  return serverMessage(t, error) ?? t('common.unexpectedError');
}

/** Spec 01 §8, self email change request. */
export function requestEmailChangeErrorMessage(t: TFunction, error: unknown): string {
  return serverMessage(t, error) ?? t('account.settings.requestFailed');
}

/** Spec 01 §8, email change confirmation. */
export function confirmEmailChangeErrorMessage(t: TFunction, error: unknown): string {
  return serverMessage(t, error) ?? t('account.confirmEmailChange.failedFallback');
}

/** The undo link of the change notice (not in the spec): a spent or wrong link, or the address taken since. */
export function undoEmailChangeErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.errorCode === ErrorCodes.invalidVerificationToken) {
    return t('account.undoEmailChange.invalidToken');
  }
  return serverMessage(t, error) ?? t('account.undoEmailChange.failedFallback');
}
