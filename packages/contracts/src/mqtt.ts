import { z } from 'zod';
import { IdSchema, userText, visibleName } from './common.ts';
import { NAME_MAX_LENGTH } from './limits.ts';

/**
 * Server messages of the MQTT servers and configurations (spec 02 §5, §8). The two not-found
 * texts are the specification's; the others name what the specification leaves open.
 */
export const MqttMessages = {
  serverNotFound: 'MQTT server not found',
  configurationNotFound: 'Resource or MQTT configuration not found',
  serverInUse:
    'The MQTT server is used by MQTT configurations. Delete those configurations or move them to another server first.',
  hostInvalid: 'Host must be a host name or an IP address, without a scheme, port or path.',
  topicWildcard: 'A topic to publish to must not contain the wildcards + or #.',
  resourceIdRequired: 'Resource ID is required',
  resourceAndConfigurationIdRequired: 'Resource ID and Configuration ID are required',
} as const;

export const MqttErrorCodes = {
  serverInUse: 'MQTT_SERVER_IN_USE',
} as const;

/** The port a new server gets (spec 02 §9). */
export const DEFAULT_MQTT_PORT = 1883;
/** Longest topic and message template accepted; brokers take far more, devices rarely do. */
export const MQTT_TOPIC_MAX_LENGTH = 1_024;
export const MQTT_MESSAGE_MAX_LENGTH = 65_536;
const HOST_MAX_LENGTH = 253;
const CREDENTIAL_MAX_LENGTH = 1_024;

const NameSchema = visibleName().trim().min(1, 'Name is required.').max(NAME_MAX_LENGTH);

/** A host name or an IPv4/IPv6 address; `mqtt://host:1883` is refused so the port is not given twice. */
const HostSchema = userText()
  .trim()
  .min(1, 'Host is required.')
  .max(HOST_MAX_LENGTH)
  .refine(
    (value) => /^(\[[0-9A-Fa-f:.]+\]|[0-9A-Fa-f]*:[0-9A-Fa-f]*:[0-9A-Fa-f:.]*|[A-Za-z0-9._-]+)$/.test(value),
    {
      message: MqttMessages.hostInvalid,
    },
  )
  .transform((value) => value.replace(/^\[(.*)\]$/, '$1'));

/** A port as a number, or as the digits a form field holds. */
const PortSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^[0-9]{1,5}$/, 'Port must be a number.')
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(65_535));

/** Optional text where empty means none: null clears it. */
const optionalText = (max: number) =>
  userText()
    .max(max)
    .nullable()
    .transform((value) => (value === null || value.trim() === '' ? null : value));

const ClientIdSchema = optionalText(256).describe('Generated per connection when empty');
const UsernameSchema = optionalText(CREDENTIAL_MAX_LENGTH);
const PasswordSchema = optionalText(CREDENTIAL_MAX_LENGTH).describe(
  'Write-only: stored encrypted, never answered. Absent keeps the stored one; null or empty clears it.',
);

/** An MQTT server as the API answers it: the password only as whether one is stored. */
export const MqttServerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    host: z.string(),
    port: z.number().int(),
    clientId: z.string().nullable(),
    username: z.string().nullable(),
    hasPassword: z.boolean().describe('Whether a password is stored; the password itself is never answered'),
    useTls: z.boolean().describe('mqtts:// (TLS) instead of mqtt://'),
  })
  .describe('An MQTT broker the configurations of resources publish to');
export type MqttServer = z.infer<typeof MqttServerSchema>;

export const CreateMqttServerBodySchema = z.object({
  name: NameSchema,
  host: HostSchema,
  port: PortSchema.default(DEFAULT_MQTT_PORT),
  clientId: ClientIdSchema.optional(),
  username: UsernameSchema.optional(),
  password: PasswordSchema.optional(),
  useTls: z.boolean().default(false),
});
export type CreateMqttServerBody = z.infer<typeof CreateMqttServerBodySchema>;

/** Absent fields keep their value; a PUT without `password` keeps the stored password. */
export const UpdateMqttServerBodySchema = z.object({
  name: NameSchema.optional(),
  host: HostSchema.optional(),
  port: PortSchema.optional(),
  clientId: ClientIdSchema.optional(),
  username: UsernameSchema.optional(),
  password: PasswordSchema.optional(),
  useTls: z.boolean().optional(),
});
export type UpdateMqttServerBody = z.infer<typeof UpdateMqttServerBodySchema>;

export const MqttServerIdParamsSchema = z.object({ id: IdSchema });

/** What a test of a server or a configuration answers (spec 02 §3). */
export const MqttTestResultSchema = z
  .object({
    success: z.boolean(),
    message: z.string().describe('What happened, or why it failed'),
  })
  .describe('The outcome of a test; a broker that cannot be reached is success false, not an error');
export type MqttTestResult = z.infer<typeof MqttTestResultSchema>;

export const MqttServerStatusSchema = z
  .object({
    serverId: z.number().int().optional(),
    connected: z.boolean().describe("Whether this instance's connection to the broker is up"),
    lastError: z.string().nullable().describe('The last connection or publish error, if any'),
    messagesSent: z.number().int().describe('Messages the broker acknowledged since this instance started'),
    messagesFailed: z.number().int().describe('Publish attempts that failed since this instance started'),
  })
  .describe("The state of this instance's long-lived connection to a server; counters are kept in memory");
export type MqttServerStatus = z.infer<typeof MqttServerStatusSchema>;

/** A topic template: placeholders allowed, the wildcards of subscriptions not. */
const noWildcard = (value: string) => !/[+#]/.test(value);
const TopicSchema = userText()
  .trim()
  .min(1, 'Topic is required.')
  .max(MQTT_TOPIC_MAX_LENGTH)
  .refine(noWildcard, { message: MqttMessages.topicWildcard });
const MessageSchema = userText()
  .max(MQTT_MESSAGE_MAX_LENGTH)
  .refine((value) => value.trim() !== '', { message: 'Message is required.' });
/** Empty means the default (DEFAULT_MQTT_TOPIC, DEFAULT_MQTT_MESSAGES.takeover). */
const OptionalTopicSchema = userText()
  .trim()
  .max(MQTT_TOPIC_MAX_LENGTH)
  .refine(noWildcard, { message: MqttMessages.topicWildcard })
  .nullable()
  .transform((value) => (value === '' ? null : value));
const OptionalMessageSchema = userText()
  .max(MQTT_MESSAGE_MAX_LENGTH)
  .nullable()
  .transform((value) => (value === null || value.trim() === '' ? null : value));

/** A resource's MQTT configuration: what is published where when its usage changes (spec 02 §3). */
export const MqttConfigurationSchema = z
  .object({
    id: z.number().int(),
    resourceId: z.number().int(),
    name: z.string(),
    serverId: z.number().int(),
    inUseTopic: z.string(),
    inUseMessage: z.string(),
    notInUseTopic: z.string(),
    notInUseMessage: z.string(),
    takeoverTopic: z.string().nullable().describe('Null: the default topic resources/{{id}}/status'),
    takeoverMessage: z.string().nullable().describe('Null: the default takeover message'),
    onTakeoverSendStart: z.boolean().describe('On a takeover, send the in-use message for the new user'),
    onTakeoverSendStop: z
      .boolean()
      .describe('On a takeover, send the not-in-use message for the previous user'),
    onTakeoverSendTakeover: z.boolean().describe('On a takeover, send the takeover message'),
  })
  .describe('Topics and messages published when the usage of a resource starts, ends or is taken over');
export type MqttConfiguration = z.infer<typeof MqttConfigurationSchema>;

export const CreateMqttConfigurationBodySchema = z.object({
  name: NameSchema,
  serverId: IdSchema,
  inUseTopic: TopicSchema,
  inUseMessage: MessageSchema,
  notInUseTopic: TopicSchema,
  notInUseMessage: MessageSchema,
  takeoverTopic: OptionalTopicSchema.optional(),
  takeoverMessage: OptionalMessageSchema.optional(),
  onTakeoverSendStart: z.boolean().default(false),
  onTakeoverSendStop: z.boolean().default(false),
  onTakeoverSendTakeover: z.boolean().default(true),
});
export type CreateMqttConfigurationBody = z.infer<typeof CreateMqttConfigurationBodySchema>;

/** Absent fields keep their value. */
export const UpdateMqttConfigurationBodySchema = z.object({
  name: NameSchema.optional(),
  serverId: IdSchema.optional(),
  inUseTopic: TopicSchema.optional(),
  inUseMessage: MessageSchema.optional(),
  notInUseTopic: TopicSchema.optional(),
  notInUseMessage: MessageSchema.optional(),
  takeoverTopic: OptionalTopicSchema.optional(),
  takeoverMessage: OptionalMessageSchema.optional(),
  onTakeoverSendStart: z.boolean().optional(),
  onTakeoverSendStop: z.boolean().optional(),
  onTakeoverSendTakeover: z.boolean().optional(),
});
export type UpdateMqttConfigurationBody = z.infer<typeof UpdateMqttConfigurationBodySchema>;

export const MqttConfigurationPathSchema = z.object({ resourceId: IdSchema, configId: IdSchema });
