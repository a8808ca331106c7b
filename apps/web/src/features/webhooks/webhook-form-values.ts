import {
  type CreateWebhookBody,
  hasUrlCredentials,
  isUsableHeaderName,
  isWebhookUrl,
  NEW_WEBHOOK_FORM_VALUES,
  parseWebhookHeaders,
  WEBHOOK_ID_HEADER,
  WEBHOOK_MAX_RETRIES_MAX,
  WEBHOOK_MAX_RETRIES_MIN,
  WEBHOOK_RETRY_DELAY_MAX_MS,
  WEBHOOK_RETRY_DELAY_MIN_MS,
  WEBHOOK_RETRY_DELAY_STEP_MS,
  WEBHOOK_TIMESTAMP_HEADER,
  type Webhook,
} from '@toolpass/contracts';

/** What the webhook form holds: the headers as the JSON text the manager edits (spec 02 §3). */
export type WebhookFormValues = typeof NEW_WEBHOOK_FORM_VALUES;
export type WebhookField = keyof WebhookFormValues;

/** The field messages of the form, as translation keys so they follow a language switch. */
export type WebhookFormErrors = Partial<Record<WebhookField, string>>;

export function newWebhookFormValues(): WebhookFormValues {
  return { ...NEW_WEBHOOK_FORM_VALUES };
}

export function webhookFormValues(webhook: Webhook): WebhookFormValues {
  return {
    name: webhook.name,
    url: webhook.url,
    method: webhook.method,
    // Indented, so a manager reads and edits one header per line.
    headers: Object.keys(webhook.headers).length === 0 ? '{}' : JSON.stringify(webhook.headers, null, 2),
    inUseTemplate: webhook.inUseTemplate,
    notInUseTemplate: webhook.notInUseTemplate,
    takeoverTemplate: webhook.takeoverTemplate,
    active: webhook.active,
    sendOnStart: webhook.sendOnStart,
    sendOnStop: webhook.sendOnStop,
    sendOnTakeover: webhook.sendOnTakeover,
    sendOnBooking: webhook.sendOnBooking,
    retryEnabled: webhook.retryEnabled,
    maxRetries: webhook.maxRetries,
    retryDelay: webhook.retryDelay,
    signatureHeader: webhook.signatureHeader,
  };
}

const isWholeNumberIn = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** Rejected by the server too: the request sets these itself (contracts: webhookFields.signatureHeader). */
const isSignatureHeaderName = (name: string) =>
  isUsableHeaderName(name) &&
  ![WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_ID_HEADER].some((own) => own.toLowerCase() === name.toLowerCase());

/**
 * Checks the form as spec 02 §5 asks before anything is sent, and builds the body the API takes.
 * The retry numbers are checked only while retries are on: hidden fields cannot be corrected.
 */
export function checkWebhookForm(
  values: WebhookFormValues,
): { errors: WebhookFormErrors; body?: undefined } | { errors?: undefined; body: CreateWebhookBody } {
  const errors: WebhookFormErrors = {};
  const name = values.name.trim();
  const url = values.url.trim();
  const signatureHeader = values.signatureHeader.trim();
  if (!name) errors.name = 'webhooks.form.errors.nameRequired';
  if (!isWebhookUrl(url)) errors.url = 'webhooks.form.errors.invalidUrl';
  else if (hasUrlCredentials(url)) errors.url = 'webhooks.form.errors.credentialsInUrl';
  const headers = parseWebhookHeaders(values.headers);
  if (!headers) errors.headers = 'webhooks.form.errors.invalidHeaders';
  if (!isSignatureHeaderName(signatureHeader))
    errors.signatureHeader = 'webhooks.form.errors.signatureHeader';
  if (values.retryEnabled) {
    if (!isWholeNumberIn(values.maxRetries, WEBHOOK_MAX_RETRIES_MIN, WEBHOOK_MAX_RETRIES_MAX))
      errors.maxRetries = 'webhooks.form.errors.maxRetries';
    if (
      !isWholeNumberIn(values.retryDelay, WEBHOOK_RETRY_DELAY_MIN_MS, WEBHOOK_RETRY_DELAY_MAX_MS) ||
      values.retryDelay % WEBHOOK_RETRY_DELAY_STEP_MS !== 0
    )
      errors.retryDelay = 'webhooks.form.errors.retryDelay';
  }
  if (Object.keys(errors).length > 0 || !headers) return { errors };
  return {
    body: {
      ...values,
      name,
      url,
      headers,
      signatureHeader,
      // Numbers the server would refuse stay out of the way while retries are off.
      maxRetries: values.retryEnabled ? values.maxRetries : clampedRetries(values.maxRetries),
      retryDelay: values.retryEnabled ? values.retryDelay : clampedDelay(values.retryDelay),
    },
  };
}

function clampedRetries(value: number): number {
  if (!Number.isFinite(value)) return NEW_WEBHOOK_FORM_VALUES.maxRetries;
  return Math.min(WEBHOOK_MAX_RETRIES_MAX, Math.max(WEBHOOK_MAX_RETRIES_MIN, Math.round(value)));
}

function clampedDelay(value: number): number {
  if (!Number.isFinite(value)) return NEW_WEBHOOK_FORM_VALUES.retryDelay;
  const stepped = Math.round(value / WEBHOOK_RETRY_DELAY_STEP_MS) * WEBHOOK_RETRY_DELAY_STEP_MS;
  return Math.min(WEBHOOK_RETRY_DELAY_MAX_MS, Math.max(WEBHOOK_RETRY_DELAY_MIN_MS, stepped));
}
