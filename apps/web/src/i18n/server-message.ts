import { Messages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';

type MessageKey = keyof typeof Messages;
const keyByMessage = new Map<string, MessageKey>(
  (Object.entries(Messages) as [MessageKey, string][]).map(([key, message]) => [message, key]),
);

/** A server message in the user's language when it is one of the contract's messages, else as sent. */
export function translateServerMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  return key ? t(`serverMessages.${key}`) : message;
}
