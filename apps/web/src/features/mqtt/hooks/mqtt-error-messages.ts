import { Messages, MqttMessages } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';

type MqttMessageKey = keyof typeof MqttMessages;
const keyByMessage = new Map<string, MqttMessageKey>(
  (Object.entries(MqttMessages) as [MqttMessageKey, string][]).map(([key, message]) => [message, key]),
);

/** Every MQTT server message, worded in the user's language (literal keys, so the check finds them). */
function mqttMessageText(t: TFunction, key: MqttMessageKey): string {
  switch (key) {
    case 'serverNotFound':
      return t('mqtt.serverMessages.serverNotFound');
    case 'configurationNotFound':
      return t('mqtt.serverMessages.configurationNotFound');
    case 'serverInUse':
      return t('mqtt.serverMessages.serverInUse');
    case 'hostInvalid':
      return t('mqtt.serverMessages.hostInvalid');
    case 'topicWildcard':
      return t('mqtt.serverMessages.topicWildcard');
    case 'resourceIdRequired':
      return t('mqtt.serverMessages.resourceIdRequired');
    case 'resourceAndConfigurationIdRequired':
      return t('mqtt.serverMessages.resourceAndConfigurationIdRequired');
  }
}

/** A server message in the user's language: the MQTT contract's own, the common ones, else as sent. */
export function translateMqttMessage(t: TFunction, message: string): string {
  const key = keyByMessage.get(message);
  return key ? mqttMessageText(t, key) : translateServerMessage(t, message);
}

/** What went wrong with a call, for the description of a toast or an alert. */
export function mqttErrorDetail(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) return translateMqttMessage(t, error.message);
  return error instanceof Error ? error.message : String(error);
}

/**
 * The server's message per field of a refused form: the MQTT rules (host, topic wildcards) in
 * the user's language, the others as the API client words them from their codes.
 */
export function mqttFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const worded = error.fieldErrors;
  const sent = error.body?.errors ?? {};
  const messages: Record<string, string> = {};
  for (const field of new Set([...Object.keys(worded), ...Object.keys(sent)])) {
    const own = sent[field]?.find(
      (message) => keyByMessage.has(message) || message === Messages.hostNotAllowed,
    );
    const text = own ? translateMqttMessage(t, own) : (worded[field]?.[0] ?? sent[field]?.[0]);
    if (text) messages[field] = text;
  }
  return messages;
}
