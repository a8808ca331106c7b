import {
  DEFAULT_MQTT_MESSAGES,
  DEFAULT_MQTT_TOPIC,
  DomainEventSchema,
  type EventUser,
  type MqttConfiguration,
  renderTemplate,
  sampleTemplateValues,
  type TemplateValues,
} from '@toolpass/contracts';
import type { MqttMessage } from '../../domains/mqtt/mqtt-connections.ts';
import { MQTT_EVENT_TYPES } from '../../domains/mqtt/mqtt-subscriptions.ts';
import type { OutboxEnvelope } from '../../platform/events/outbox.ts';

/** The templates of a configuration, all a message is made from. */
export type MqttTemplates = Pick<
  MqttConfiguration,
  | 'inUseTopic'
  | 'inUseMessage'
  | 'notInUseTopic'
  | 'notInUseMessage'
  | 'takeoverTopic'
  | 'takeoverMessage'
  | 'onTakeoverSendStart'
  | 'onTakeoverSendStop'
  | 'onTakeoverSendTakeover'
>;

/** A message that no retry can send: an event this version cannot read, a topic no broker takes. */
export class UndeliverableMessageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UndeliverableMessageError';
  }
}

const MAX_TOPIC_BYTES = 65_535;

/**
 * Why a filled-in topic cannot be published to, or null. Values come from people (a resource
 * named "Laser #2"), and a broker answers a wildcard in a PUBLISH by dropping the connection,
 * which would cut off every other configuration on that server.
 */
export function topicProblem(topic: string): string | null {
  if (topic === '') return 'the topic is empty';
  if (/[+#]/.test(topic)) return `the topic "${topic}" contains the wildcard + or #`;
  if (topic.includes('\u0000')) return 'the topic contains a NUL character';
  if (Buffer.byteLength(topic) > MAX_TOPIC_BYTES) return 'the topic is longer than 65,535 bytes';
  return null;
}

function publication(topic: string, message: string, values: TemplateValues): MqttMessage {
  const rendered = renderTemplate(topic, values);
  const problem = topicProblem(rendered);
  if (problem) throw new UndeliverableMessageError(`Cannot publish: ${problem}`);
  return { topic: rendered, payload: renderTemplate(message, values) };
}

const inUse = (templates: MqttTemplates, values: TemplateValues) =>
  publication(templates.inUseTopic, templates.inUseMessage, values);
const notInUse = (templates: MqttTemplates, values: TemplateValues) =>
  publication(templates.notInUseTopic, templates.notInUseMessage, values);
// An empty takeover topic or message falls back to the default (spec 02 §3).
const takeover = (templates: MqttTemplates, values: TemplateValues) =>
  publication(
    templates.takeoverTopic ?? DEFAULT_MQTT_TOPIC,
    templates.takeoverMessage ?? DEFAULT_MQTT_MESSAGES.takeover,
    values,
  );

const userOf = (user: EventUser) => ({
  id: user.id,
  username: user.username,
  externalIdentifier: user.externalIdentifier,
});

/**
 * The messages one usage event makes for one configuration, in the order they are published:
 * a start the in-use message; an end the not-in-use message with the session's user; a takeover,
 * by its flags, the not-in-use message for the previous user, the in-use message for the new
 * one, then the takeover message with both. Other events make none.
 */
export function publicationsFor(event: OutboxEnvelope, templates: MqttTemplates): MqttMessage[] {
  if (!MQTT_EVENT_TYPES.has(event.type)) return [];
  const parsed = DomainEventSchema.safeParse(event);
  if (!parsed.success) {
    throw new UndeliverableMessageError(
      `Event ${event.id} (${event.type}, version ${event.v}) does not match the event contract of this version`,
    );
  }
  const domainEvent = parsed.data;
  switch (domainEvent.type) {
    case 'usage.started': {
      const { data } = domainEvent;
      return [
        inUse(templates, {
          id: data.resourceId,
          name: data.resourceName,
          timestamp: data.startTime,
          user: userOf(data.user),
        }),
      ];
    }
    case 'usage.ended': {
      const { data } = domainEvent;
      return [
        notInUse(templates, {
          id: data.resourceId,
          name: data.resourceName,
          timestamp: data.endTime,
          user: userOf(data.user),
        }),
      ];
    }
    case 'usage.taken-over': {
      const { data } = domainEvent;
      const base = { id: data.resourceId, name: data.resourceName, timestamp: data.startTime };
      const messages: MqttMessage[] = [];
      if (templates.onTakeoverSendStop) {
        messages.push(notInUse(templates, { ...base, user: userOf(data.previousUser) }));
      }
      if (templates.onTakeoverSendStart) {
        messages.push(
          inUse(templates, { ...base, user: userOf(data.user), previousUser: userOf(data.previousUser) }),
        );
      }
      if (templates.onTakeoverSendTakeover) {
        messages.push(
          takeover(templates, { ...base, user: userOf(data.user), previousUser: userOf(data.previousUser) }),
        );
      }
      return messages;
    }
    default:
      return [];
  }
}

/** The message a test of a configuration publishes: its in-use message with sample values. */
export function testPublication(
  templates: Pick<MqttTemplates, 'inUseTopic' | 'inUseMessage'>,
  resource: { id: number; name: string },
  now: Date,
): MqttMessage {
  return publication(templates.inUseTopic, templates.inUseMessage, sampleTemplateValues(resource, now));
}
