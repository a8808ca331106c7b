import {
  type CreateMqttConfigurationBody,
  DEFAULT_MQTT_MESSAGES,
  DEFAULT_MQTT_TOPIC,
  type MqttConfiguration,
} from '@toolpass/contracts';

/** The configuration form's fields; no server chosen yet is null (spec 02 §4: serverId 0). */
export type MqttConfigurationDraft = {
  name: string;
  serverId: number | null;
  inUseTopic: string;
  inUseMessage: string;
  notInUseTopic: string;
  notInUseMessage: string;
  /** Empty: the default topic and message (spec 02 §3). */
  takeoverTopic: string;
  takeoverMessage: string;
  onTakeoverSendStart: boolean;
  onTakeoverSendStop: boolean;
  onTakeoverSendTakeover: boolean;
};

export type MqttConfigurationProblem = 'required' | 'serverRequired' | 'wildcard';
/** Only the fields the draft checks get a problem; the rest are left to the server. */
export type MqttConfigurationProblems = Partial<
  Record<keyof MqttConfigurationDraft, MqttConfigurationProblem>
>;

/** A new configuration starts from the default topic and messages (spec 02 §3). */
export function newConfigurationDraft(): MqttConfigurationDraft {
  return {
    name: '',
    serverId: null,
    inUseTopic: DEFAULT_MQTT_TOPIC,
    inUseMessage: DEFAULT_MQTT_MESSAGES.inUse,
    notInUseTopic: DEFAULT_MQTT_TOPIC,
    notInUseMessage: DEFAULT_MQTT_MESSAGES.notInUse,
    takeoverTopic: '',
    takeoverMessage: '',
    onTakeoverSendStart: false,
    onTakeoverSendStop: false,
    onTakeoverSendTakeover: true,
  };
}

export function draftOfConfiguration(configuration: MqttConfiguration): MqttConfigurationDraft {
  return {
    name: configuration.name,
    serverId: configuration.serverId,
    inUseTopic: configuration.inUseTopic,
    inUseMessage: configuration.inUseMessage,
    notInUseTopic: configuration.notInUseTopic,
    notInUseMessage: configuration.notInUseMessage,
    takeoverTopic: configuration.takeoverTopic ?? '',
    takeoverMessage: configuration.takeoverMessage ?? '',
    onTakeoverSendStart: configuration.onTakeoverSendStart,
    onTakeoverSendStop: configuration.onTakeoverSendStop,
    onTakeoverSendTakeover: configuration.onTakeoverSendTakeover,
  };
}

/** Subscriptions use + and #; a topic published to must not contain them. */
const hasWildcard = (topic: string) => /[+#]/.test(topic);

/**
 * Name, server, both topics and both messages are required; takeover topic and message are
 * optional (spec 02 §5).
 */
export function validateConfigurationDraft(draft: MqttConfigurationDraft): MqttConfigurationProblems {
  const problems: MqttConfigurationProblems = {};
  if (!draft.name.trim()) problems.name = 'required';
  if (draft.serverId === null) problems.serverId = 'serverRequired';
  for (const field of ['inUseTopic', 'notInUseTopic'] as const) {
    if (!draft[field].trim()) problems[field] = 'required';
    else if (hasWildcard(draft[field])) problems[field] = 'wildcard';
  }
  if (hasWildcard(draft.takeoverTopic)) problems.takeoverTopic = 'wildcard';
  for (const field of ['inUseMessage', 'notInUseMessage'] as const) {
    if (!draft[field].trim()) problems[field] = 'required';
  }
  return problems;
}

export const hasConfigurationProblems = (problems: MqttConfigurationProblems) =>
  Object.keys(problems).length > 0;

/** What create and update send; call it once the draft has no problems (a server is chosen). */
export function toConfigurationBody(draft: MqttConfigurationDraft): CreateMqttConfigurationBody {
  if (draft.serverId === null) throw new Error('A configuration needs a server');
  return {
    name: draft.name.trim(),
    serverId: draft.serverId,
    inUseTopic: draft.inUseTopic.trim(),
    inUseMessage: draft.inUseMessage,
    notInUseTopic: draft.notInUseTopic.trim(),
    notInUseMessage: draft.notInUseMessage,
    takeoverTopic: draft.takeoverTopic.trim() || null,
    takeoverMessage: draft.takeoverMessage.trim() ? draft.takeoverMessage : null,
    onTakeoverSendStart: draft.onTakeoverSendStart,
    onTakeoverSendStop: draft.onTakeoverSendStop,
    onTakeoverSendTakeover: draft.onTakeoverSendTakeover,
  };
}
