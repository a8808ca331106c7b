import { WebhookMessages, type WebhookTestResult } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../i18n/server-message.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { WebhookField } from './webhook-form-values.ts';

/** A failed webhook call's message in the user's language where the contract words it. */
export function webhookErrorDetail(t: TFunction, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (message === WebhookMessages.invalidInput) return t('webhooks.serverMessages.invalidInput');
  if (message === WebhookMessages.notFound) return t('webhooks.serverMessages.notFound');
  if (message === WebhookMessages.credentialsInUrl) return t('webhooks.serverMessages.credentialsInUrl');
  return translateServerMessage(t, message);
}

// The test answers of the server (webhooks.service.ts), read back so the notice follows the language.
const ANSWERED = /^Webhook answered HTTP (\d{3})$/;
const FAILED = /^Webhook test failed: (.+)$/s;

/** The server's message about a test, worded in the user's language where its shape is known. */
export function webhookTestDetail(t: TFunction, result: WebhookTestResult): string {
  const answered = ANSWERED.exec(result.message);
  if (answered) return t('webhooks.test.answered', { status: answered[1] });
  const failed = FAILED.exec(result.message);
  if (failed) return t('webhooks.test.failedBecause', { reason: translateServerMessage(t, failed[1] ?? '') });
  return result.message;
}

/**
 * The form's own wordings of spec 02 §5 for the fields whose server rule is a custom one (the
 * generic wording of a custom rule would only say "invalid value").
 */
const OWN_WORDING: Partial<Record<WebhookField, string>> = {
  url: 'webhooks.form.errors.invalidUrl',
  headers: 'webhooks.form.errors.invalidHeaders',
  signatureHeader: 'webhooks.form.errors.signatureHeader',
};

/** The server's messages per field of a refused save, worded like the form's own checks. */
export function webhookServerFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const customFields = new Set(
    (error.body?.issues ?? []).filter((issue) => issue.code === 'custom').map((issue) => issue.field),
  );
  const messages: Record<string, string> = {};
  for (const [field, texts] of Object.entries(error.fieldErrors)) {
    const own = OWN_WORDING[field as WebhookField];
    messages[field] =
      own && customFields.has(field)
        ? t(own)
        : texts.map((text) => webhookErrorDetail(t, new Error(text))).join(' ');
  }
  return messages;
}
