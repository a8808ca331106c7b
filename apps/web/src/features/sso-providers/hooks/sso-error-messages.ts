import { Messages, SsoMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** A server message in the user's language: the SSO contract's own, the common ones, else as sent. */
function translateSsoMessage(t: TFunction, message: string): string {
  if (message === SsoMessages.providerNotFound) return t('ssoProviders.serverMessages.providerNotFound');
  if (message === SsoMessages.insecureUrl) return t('ssoProviders.validation.insecureUrl');
  if (message === SsoMessages.clientSecretForNewAddress)
    return t('ssoProviders.serverMessages.clientSecretForNewAddress');
  return translateServerMessage(t, message);
}

/** What went wrong with a call, for the description of a toast or an alert. */
export function ssoErrorDetail(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return translateSsoMessage(t, error.message);
  return error instanceof Error ? error.message : String(error);
}

/** The server's field messages worded here rather than by their zod code. */
const OWN_MESSAGES = new Set<string>([
  SsoMessages.insecureUrl,
  SsoMessages.clientSecretForNewAddress,
  Messages.hostNotAllowed,
]);

/** Server messages per form field (`oidcConfiguration.tokenURL` → `tokenURL`) of a refused save. */
export function ssoFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const worded = error.fieldErrors;
  const sent = error.body?.errors ?? {};
  const messages: Record<string, string> = {};
  for (const field of new Set([...Object.keys(worded), ...Object.keys(sent)])) {
    const own = sent[field]?.find((message) => OWN_MESSAGES.has(message));
    const text = own ? translateSsoMessage(t, own) : (worded[field]?.[0] ?? sent[field]?.[0]);
    const name = field.split('.').pop();
    if (text && name) messages[name] = text;
  }
  return messages;
}
