import { Messages, ResourceMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';

/** The contract's messages whose words the app replaces, each under `serverMessages.<key>`. */
const TRANSLATED = { ...Messages, ...ResourceMessages };
type MessageKey = keyof typeof TRANSLATED;
export const SERVER_MESSAGE_KEYS = Object.keys(TRANSLATED) as MessageKey[];
const keyByMessage = new Map<string, MessageKey>(
  (Object.entries(TRANSLATED) as [MessageKey, string][]).map(([key, message]) => [message, key]),
);

/**
 * An HTTP status phrase in front of a message ("Forbidden - …"). The specification words some
 * answers that way; a person reads what follows, never the status (issue 28).
 */
const STATUS_PREFIX =
  /^(Bad Request|Unauthorized|Forbidden|Not Found|Conflict|Not Implemented|Too Many Requests|Internal Server Error|Service Unavailable)(\s+-\s+|$)/;

/**
 * A server message in the user's language and in human words when it is one of the contract's
 * messages; any other message loses a leading HTTP status phrase; else it is shown as sent.
 */
export function translateServerMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  if (key) return t(`serverMessages.${key}`);
  const rest = message.replace(STATUS_PREFIX, '').trim();
  return rest === '' ? t('serverMessages.generic') : rest;
}
