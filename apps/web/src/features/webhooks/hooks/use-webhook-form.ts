import {
  WEBHOOK_MAX_RETRIES_MAX,
  WEBHOOK_MAX_RETRIES_MIN,
  WEBHOOK_RETRY_DELAY_MAX_MS,
  WEBHOOK_RETRY_DELAY_MIN_MS,
  WEBHOOK_RETRY_DELAY_STEP_MS,
  type Webhook,
  type WebhookWithSecret,
} from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveWebhook } from '../api/use-webhook-mutations.ts';
import {
  checkWebhookForm,
  newWebhookFormValues,
  type WebhookField,
  type WebhookFormErrors,
  type WebhookFormValues,
  webhookFormValues,
} from '../webhook-form-values.ts';
import { webhookErrorDetail, webhookServerFieldErrors } from '../webhook-messages.ts';

/** The bounds the retry fields' messages name (spec 02 §5), written as the number fields show numbers. */
export const ruleBounds = (language: string) => {
  const number = (value: number) => value.toLocaleString(language);
  return {
    retriesMin: number(WEBHOOK_MAX_RETRIES_MIN),
    retriesMax: number(WEBHOOK_MAX_RETRIES_MAX),
    delayMin: number(WEBHOOK_RETRY_DELAY_MIN_MS),
    delayMax: number(WEBHOOK_RETRY_DELAY_MAX_MS),
    delayStep: number(WEBHOOK_RETRY_DELAY_STEP_MS),
  };
};

type WebhookFormOptions = {
  resourceId: number;
  /** The webhook to edit; without it the form creates a new one. */
  webhook: Webhook | undefined;
  onDone: () => void;
  /** A new webhook was created: its secret is in this answer and nowhere else. */
  onCreated: (webhook: WebhookWithSecret) => void;
};

/**
 * State of the webhook form: the values, the messages of the app's own checks (translation keys,
 * so they follow a language switch) and the server's messages of a refused save; editing a field
 * answers its message.
 */
export function useWebhookForm({ resourceId, webhook, onDone, onCreated }: WebhookFormOptions) {
  const { t, i18n } = useTranslation();
  const save = useSaveWebhook(resourceId, webhook?.id);
  const [values, setValues] = useState<WebhookFormValues>(() =>
    webhook ? webhookFormValues(webhook) : newWebhookFormValues(),
  );
  const [checkErrors, setCheckErrors] = useState<WebhookFormErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const isEdit = webhook !== undefined;

  const set =
    <K extends WebhookField>(field: K) =>
    (value: WebhookFormValues[K]) => {
      setValues((current) => ({ ...current, [field]: value }));
      // A message is about the value it was given for; editing the field answers it.
      setCheckErrors(({ [field]: _checked, ...rest }) => rest);
      setServerErrors(({ [field]: _refused, ...rest }) => rest);
    };
  const errorOf = (field: WebhookField): string | undefined => {
    const key = checkErrors[field];
    return serverErrors[field] ?? (key ? t(key, ruleBounds(i18n.language)) : undefined);
  };
  const fieldNames = new Set<string>(Object.keys(values));
  const otherServerErrors = Object.entries(serverErrors)
    .filter(([field]) => !fieldNames.has(field))
    .map(([, message]) => message);

  const submit = () => {
    const checked = checkWebhookForm(values);
    if (checked.errors) {
      setCheckErrors(checked.errors);
      if (checked.errors.url) notifyError(t('webhooks.form.invalidUrlTitle'));
      if (checked.errors.headers) notifyError(t('webhooks.form.invalidHeadersTitle'));
      if (!checked.errors.url && !checked.errors.headers) notifyError(t('webhooks.form.checkFieldsTitle'));
      return;
    }
    save.mutate(checked.body, {
      onSuccess: (saved) => {
        notifySuccess(isEdit ? t('webhooks.form.updated') : t('webhooks.form.created'), saved.name);
        onDone();
        if ('secret' in saved) onCreated(saved);
      },
      onError: (error) => {
        setServerErrors(webhookServerFieldErrors(t, error));
        notifyError(t('webhooks.errors.save'), webhookErrorDetail(t, error));
      },
    });
  };

  return {
    values,
    set,
    errorOf,
    /** The server's messages for the template fields, which check themselves with a preview. */
    serverErrors,
    /** The server's messages about no field of the form, shown above the buttons. */
    otherServerErrors,
    submit,
    isEdit,
    isPending: save.isPending,
  };
}

export type WebhookFormState = ReturnType<typeof useWebhookForm>;
