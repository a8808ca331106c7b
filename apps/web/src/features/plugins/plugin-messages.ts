import { PluginMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../i18n/server-message.ts';

type PluginMessageKey = keyof typeof PluginMessages;
const keyByMessage = new Map<string, PluginMessageKey>(
  (Object.entries(PluginMessages) as [PluginMessageKey, string][]).map(([key, message]) => [message, key]),
);

/** Why a plugin call failed, in the user's language where the message is one the app knows. */
export function pluginErrorDetail(t: TFunction, error: Error): string {
  const key = keyByMessage.get(error.message);
  return key ? t(`plugins.serverMessages.${key}`) : translateServerMessage(t, error.message);
}
