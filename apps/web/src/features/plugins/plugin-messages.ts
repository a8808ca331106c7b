import { PluginMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../i18n/server-message.ts';

type Messages = typeof PluginMessages;
type WordedKey = { [K in keyof Messages]: Messages[K] extends string ? K : never }[keyof Messages];
type FilledKey = Exclude<keyof Messages, WordedKey>;

/** The names the translations give the values a filled-in message carries, in order. */
const VALUE_NAMES: Record<FilledKey, readonly string[]> = {
  incompatible: ['range', 'version'],
  unsafeEntry: ['entry'],
  duplicateEntry: ['entry'],
  missingEntryPoint: ['entry'],
};

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
// No message contains it, so splitting at it finds exactly the places of the values.
const VALUE_MARKER = '@@value@@';

/** A message with values, as a pattern that gives the values back. */
function patternOf(key: FilledKey): RegExp {
  const format = PluginMessages[key] as (...values: string[]) => string;
  const text = format(...VALUE_NAMES[key].map(() => VALUE_MARKER));
  return new RegExp(`^${text.split(VALUE_MARKER).map(escapeForPattern).join('(.+)')}$`);
}

const worded = new Map<string, WordedKey>();
const filled: { key: FilledKey; pattern: RegExp }[] = [];
for (const key of Object.keys(PluginMessages) as (keyof Messages)[]) {
  const message = PluginMessages[key];
  if (typeof message === 'string') worded.set(message, key as WordedKey);
  else filled.push({ key: key as FilledKey, pattern: patternOf(key as FilledKey) });
}

/** Why a plugin call failed, in the user's language where the message is one the app knows. */
export function pluginErrorDetail(t: TFunction, error: Error): string {
  const key = worded.get(error.message);
  if (key) return t(`plugins.serverMessages.${key}`);
  for (const { key: filledKey, pattern } of filled) {
    const values = pattern.exec(error.message);
    if (!values) continue;
    const names = VALUE_NAMES[filledKey];
    return t(
      `plugins.serverMessages.${filledKey}`,
      Object.fromEntries(names.map((name, i) => [name, values[i + 1]])),
    );
  }
  return translateServerMessage(t, error.message);
}
