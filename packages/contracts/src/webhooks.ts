import { z } from 'zod';
import { IdSchema, userText, visibleName } from './common.ts';
import { DEFAULT_WEBHOOK_TEMPLATES } from './integration-templates.ts';
import { NAME_MAX_LENGTH } from './limits.ts';

/** Server messages of the webhook calls, worded as spec 02 §8 words them. */
export const WebhookMessages = {
  invalidInput: 'Invalid input',
  notFound: 'Webhook configuration not found',
  credentialsInUrl: 'The address must not contain a user name or password: use the headers or the signature.',
} as const;

export const WEBHOOK_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];

/** Bounds of the retry settings (spec 02 §5, §9); the form steps the delay by 100 ms. */
export const WEBHOOK_MAX_RETRIES_MIN = 1;
export const WEBHOOK_MAX_RETRIES_MAX = 10;
export const WEBHOOK_RETRY_DELAY_MIN_MS = 100;
export const WEBHOOK_RETRY_DELAY_MAX_MS = 10_000;
export const WEBHOOK_RETRY_DELAY_STEP_MS = 100;

export const DEFAULT_WEBHOOK_SIGNATURE_HEADER = 'X-Webhook-Signature';
/** Headers every request carries besides the signature (decision 11). */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
/** The delivery's id, the same on every retry, so a receiver can drop a duplicate. */
export const WEBHOOK_ID_HEADER = 'X-Webhook-Id';

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_TEMPLATE_MAX_LENGTH = 20_000;
export const WEBHOOK_MAX_HEADERS = 50;
const HEADER_NAME_MAX_LENGTH = 100;
const HEADER_VALUE_MAX_LENGTH = 4_000;

/** A secret is this prefix and 48 lowercase hex characters. */
export const WEBHOOK_SECRET_PATTERN = /^whsec_[0-9a-f]{48}$/;

/**
 * What a webhook is when a field is left out on create, and what a new webhook's form starts
 * with (spec 02 §3). The form holds the headers as text (`NEW_WEBHOOK_FORM_VALUES`).
 */
export const WEBHOOK_DEFAULTS = {
  method: 'POST' as WebhookMethod,
  headers: {} as Record<string, string>,
  inUseTemplate: DEFAULT_WEBHOOK_TEMPLATES.inUse as string,
  notInUseTemplate: DEFAULT_WEBHOOK_TEMPLATES.notInUse as string,
  takeoverTemplate: DEFAULT_WEBHOOK_TEMPLATES.takeover as string,
  active: true,
  sendOnStart: true,
  sendOnStop: true,
  sendOnTakeover: false,
  sendOnBooking: false,
  retryEnabled: false,
  maxRetries: 3,
  retryDelay: 1_000,
  signatureHeader: DEFAULT_WEBHOOK_SIGNATURE_HEADER,
};

/** The new-webhook form's first values: url 'https://' and headers '{}' as the manager edits them. */
export const NEW_WEBHOOK_FORM_VALUES = {
  ...WEBHOOK_DEFAULTS,
  name: '',
  url: 'https://',
  headers: '{}',
};

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * Headers the HTTP client sets itself: a webhook that sets them would fail or hang on every
 * delivery (a wrong Content-Length makes the receiver wait for bytes that never come).
 */
const CLIENT_OWNED_HEADERS = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'proxy-connection',
  'upgrade',
  'expect',
  'te',
  'trailer',
]);

/** Whether a name may be sent as a header of a webhook request. */
export function isUsableHeaderName(name: string): boolean {
  return (
    name.length <= HEADER_NAME_MAX_LENGTH &&
    HEADER_NAME.test(name) &&
    !CLIENT_OWNED_HEADERS.has(name.toLowerCase())
  );
}

/** No line breaks or other control characters but tab: they would split or break the header. */
const isUsableHeaderValue = (value: string) =>
  value.length <= HEADER_VALUE_MAX_LENGTH && !/\p{Cc}/u.test(value.replaceAll('\t', ''));

/** Parts of a header name that mark its value as a credential: X-Api-Key, X-Password, X-Auth-User... */
const CREDENTIAL_NAME_PARTS = ['token', 'secret', 'key', 'pass', 'auth', 'credential', 'session', 'cookie'];

/**
 * Headers whose values are credentials: write-only like the other secrets (stored sealed, never
 * answered), and dropped when the webhook's address moves to another origin (decision 17).
 */
export function isCredentialHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  // Authorization and Proxy-Authorization contain `auth`.
  return CREDENTIAL_NAME_PARTS.some((part) => lower.includes(part));
}

/** Whether an address carries a user name or password, which webhooks refuse. */
export function hasUrlCredentials(value: string): boolean {
  try {
    const url = new URL(value);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** Parses and checks a webhook address: http or https only. */
export function isWebhookUrl(value: string): boolean {
  if (value.length > WEBHOOK_URL_MAX_LENGTH) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const HeaderRecordSchema = z
  .record(z.string(), z.string())
  .refine((headers) => Object.keys(headers).length <= WEBHOOK_MAX_HEADERS, {
    message: `At most ${WEBHOOK_MAX_HEADERS} headers.`,
  })
  .refine((headers) => Object.keys(headers).every(isUsableHeaderName), {
    message:
      'Header names must be HTTP tokens and not ones the client sets itself (Host, Content-Length...).',
  })
  .refine((headers) => Object.values(headers).every(isUsableHeaderValue), {
    message: 'Header values must not contain line breaks or control characters.',
  })
  .refine(
    (headers) =>
      new Set(Object.keys(headers).map((name) => name.toLowerCase())).size === Object.keys(headers).length,
    { message: 'A header must not be given twice.' },
  );

/**
 * Extra request headers: a JSON object of string values. The form holds them as text, so the
 * text of such an object is accepted too and read as the object.
 */
export const WebhookHeadersSchema = z
  .preprocess((value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, HeaderRecordSchema)
  .describe('Extra request headers: a JSON object of header names to string values (or its JSON text)');

/**
 * Whether text is a JSON object of header names to string values, as the form's headers field
 * must be (spec 02 §5): the form checks it before sending, the server after.
 */
export function parseWebhookHeaders(text: string): Record<string, string> | undefined {
  try {
    const parsed = WebhookHeadersSchema.safeParse(JSON.parse(text) as unknown);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const WebhookMethodSchema = z
  .preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(WEBHOOK_METHODS))
  .describe('The HTTP method; GET sends no body');

const WebhookUrlSchema = userText()
  .trim()
  .refine(isWebhookUrl, 'Please enter a valid URL.')
  .refine((value) => !hasUrlCredentials(value), WebhookMessages.credentialsInUrl)
  .describe('http or https address the requests go to');

const TemplateSchema = userText().max(WEBHOOK_TEMPLATE_MAX_LENGTH);

/** Every field a manager sets, without defaults: what an update may change. */
const webhookFields = {
  name: visibleName().trim().min(1, 'Name is required.').max(NAME_MAX_LENGTH),
  url: WebhookUrlSchema,
  method: WebhookMethodSchema,
  headers: WebhookHeadersSchema,
  inUseTemplate: TemplateSchema.describe('Body when usage starts; {{variables}} of spec 02 §3'),
  notInUseTemplate: TemplateSchema.describe('Body when usage ends'),
  takeoverTemplate: TemplateSchema.describe('Body when a session is taken over'),
  active: z.boolean(),
  sendOnStart: z.boolean(),
  sendOnStop: z.boolean(),
  sendOnTakeover: z.boolean(),
  sendOnBooking: z
    .boolean()
    .describe('Send booking events (created, moved, cancelled, started, no-show) as JSON (decision 23)'),
  retryEnabled: z.boolean(),
  maxRetries: z
    .number()
    .int()
    .min(WEBHOOK_MAX_RETRIES_MIN)
    .max(WEBHOOK_MAX_RETRIES_MAX)
    .describe('Attempts after the first when retries are enabled'),
  retryDelay: z
    .number()
    .int()
    .min(WEBHOOK_RETRY_DELAY_MIN_MS)
    .max(WEBHOOK_RETRY_DELAY_MAX_MS)
    .multipleOf(WEBHOOK_RETRY_DELAY_STEP_MS)
    .describe('Milliseconds between attempts, in steps of 100 (spec 02 §5)'),
  signatureHeader: z
    .string()
    .trim()
    .refine(
      (name) =>
        isUsableHeaderName(name) &&
        ![WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_ID_HEADER].some(
          (own) => own.toLowerCase() === name.toLowerCase(),
        ),
      'Must be an HTTP header name other than X-Webhook-Timestamp and X-Webhook-Id.',
    )
    .describe('The header carrying the hex HMAC-SHA256 of "<timestamp>.<body>"'),
};

/** POST /api/resources/{resourceId}/webhooks: name and url are required, the rest has defaults. */
export const CreateWebhookBodySchema = z
  .object({
    name: webhookFields.name,
    url: webhookFields.url,
    method: webhookFields.method.default(WEBHOOK_DEFAULTS.method),
    headers: webhookFields.headers.default(WEBHOOK_DEFAULTS.headers),
    inUseTemplate: webhookFields.inUseTemplate.default(WEBHOOK_DEFAULTS.inUseTemplate),
    notInUseTemplate: webhookFields.notInUseTemplate.default(WEBHOOK_DEFAULTS.notInUseTemplate),
    takeoverTemplate: webhookFields.takeoverTemplate.default(WEBHOOK_DEFAULTS.takeoverTemplate),
    active: webhookFields.active.default(WEBHOOK_DEFAULTS.active),
    sendOnStart: webhookFields.sendOnStart.default(WEBHOOK_DEFAULTS.sendOnStart),
    sendOnStop: webhookFields.sendOnStop.default(WEBHOOK_DEFAULTS.sendOnStop),
    sendOnTakeover: webhookFields.sendOnTakeover.default(WEBHOOK_DEFAULTS.sendOnTakeover),
    sendOnBooking: webhookFields.sendOnBooking.default(WEBHOOK_DEFAULTS.sendOnBooking),
    retryEnabled: webhookFields.retryEnabled.default(WEBHOOK_DEFAULTS.retryEnabled),
    maxRetries: webhookFields.maxRetries.default(WEBHOOK_DEFAULTS.maxRetries),
    retryDelay: webhookFields.retryDelay.default(WEBHOOK_DEFAULTS.retryDelay),
    signatureHeader: webhookFields.signatureHeader.default(WEBHOOK_DEFAULTS.signatureHeader),
  })
  .describe('A new webhook');
export type CreateWebhookBody = z.infer<typeof CreateWebhookBodySchema>;

/** PUT /api/resources/{resourceId}/webhooks/{id}: fields left out keep their value. */
export const UpdateWebhookBodySchema = z
  .object({
    name: webhookFields.name.optional(),
    url: webhookFields.url.optional(),
    method: webhookFields.method.optional(),
    headers: webhookFields.headers.optional(),
    inUseTemplate: webhookFields.inUseTemplate.optional(),
    notInUseTemplate: webhookFields.notInUseTemplate.optional(),
    takeoverTemplate: webhookFields.takeoverTemplate.optional(),
    active: webhookFields.active.optional(),
    sendOnStart: webhookFields.sendOnStart.optional(),
    sendOnStop: webhookFields.sendOnStop.optional(),
    sendOnTakeover: webhookFields.sendOnTakeover.optional(),
    sendOnBooking: webhookFields.sendOnBooking.optional(),
    retryEnabled: webhookFields.retryEnabled.optional(),
    maxRetries: webhookFields.maxRetries.optional(),
    retryDelay: webhookFields.retryDelay.optional(),
    signatureHeader: webhookFields.signatureHeader.optional(),
  })
  .describe('Changes to a webhook');
export type UpdateWebhookBody = z.infer<typeof UpdateWebhookBodySchema>;

/** PUT /api/resources/{resourceId}/webhooks/{id}/status. */
export const WebhookStatusBodySchema = z
  .object({ active: z.boolean() })
  .describe('Turns a webhook on or off');
export type WebhookStatusBody = z.infer<typeof WebhookStatusBodySchema>;

/** A webhook as the API answers it; the secret is never part of it (see WebhookWithSecretSchema). */
export const WebhookSchema = z
  .object({
    id: z.number().int(),
    resourceId: z.number().int(),
    name: z.string(),
    url: z.string(),
    method: z.enum(WEBHOOK_METHODS),
    headers: z
      .record(z.string(), z.string())
      .describe('The headers whose values are shown: every one but the credentials'),
    credentialHeaders: z
      .array(z.string())
      .describe(
        'Names of the credential headers (Authorization, Cookie, names with token, secret or key) ' +
          'that are set: their values are write-only. An update without them keeps them, an empty ' +
          'value removes one, and a new origin of the url drops them unless the same update gives them',
      ),
    inUseTemplate: z.string(),
    notInUseTemplate: z.string(),
    takeoverTemplate: z.string(),
    active: z.boolean(),
    sendOnStart: z.boolean(),
    sendOnStop: z.boolean(),
    sendOnTakeover: z.boolean(),
    sendOnBooking: z.boolean(),
    retryEnabled: z.boolean(),
    maxRetries: z.number().int(),
    retryDelay: z.number().int(),
    signatureHeader: z.string(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .describe('An HTTP request sent when usage of its resource starts, stops or is taken over');
export type Webhook = z.infer<typeof WebhookSchema>;

/**
 * The answer of create and regenerate-secret, the two moments a manager copies the secret:
 * no other answer shows it.
 */
export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z
    .string()
    .regex(WEBHOOK_SECRET_PATTERN)
    .describe('whsec_ and 48 hex characters: the HMAC key receivers verify the signature with'),
}).describe('A webhook with its signing secret, answered only when the secret is made');
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookListSchema = z.array(WebhookSchema);

/** POST .../{id}/test: whether the receiver accepted one signed request, and why not. */
export const WebhookTestResultSchema = z
  .object({ success: z.boolean(), message: z.string() })
  .describe('The outcome of a test request');
export type WebhookTestResult = z.infer<typeof WebhookTestResultSchema>;

export const WebhookListPathSchema = z.object({ resourceId: IdSchema });
export const WebhookPathSchema = z.object({ resourceId: IdSchema, id: IdSchema });
