import { Messages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';

/**
 * Server message → its key under `serverMessages.*`. The account messages are known from the
 * start; the signed-in app adds the rest (`addServerMessages`), so the sign-in screen's download
 * does not carry texts it never shows (decision 4).
 */
const keyByMessage = new Map<string, string>();

/** Makes these contract messages shown in human words, each under `serverMessages.<key>`. */
export function addServerMessages(messages: Record<string, string>): void {
  for (const [key, message] of Object.entries(messages)) keyByMessage.set(message, key);
}
addServerMessages(Messages);

/** Messages that carry values after a fixed beginning, such as "Booked by ada until 15:00". */
const patterns: { pattern: RegExp; key: string }[] = [];

/**
 * Makes messages that begin with `prefix` shown in human words under `serverMessages.<key>`; the
 * named groups of `rest`, matched against what follows the prefix, fill the text's placeholders.
 */
export function addServerMessagePattern(prefix: string, rest: RegExp, key: string): void {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  patterns.push({ pattern: new RegExp(`^${escaped}${rest.source}$`, 's'), key });
}

/**
 * A server message in the user's language and in human words when it is one of the contract's
 * messages (those the specification words with an HTTP status, "Forbidden - …", included: a
 * person reads what to do, never the status; issue 28), else as sent.
 */
export function translateServerMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  if (key) return t(`serverMessages.${key}`);
  for (const { pattern, key: patternKey } of patterns) {
    const values = pattern.exec(message)?.groups;
    if (values) return t(`serverMessages.${patternKey}`, values);
  }
  return message;
}
