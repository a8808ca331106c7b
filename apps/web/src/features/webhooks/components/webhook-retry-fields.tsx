import { Description, Label, NumberField } from '@heroui/react';
import {
  WEBHOOK_MAX_RETRIES_MAX,
  WEBHOOK_MAX_RETRIES_MIN,
  WEBHOOK_RETRY_DELAY_MAX_MS,
  WEBHOOK_RETRY_DELAY_MIN_MS,
  WEBHOOK_RETRY_DELAY_STEP_MS,
} from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/switch-field.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { ruleBounds, type WebhookFormState } from '../hooks/use-webhook-form.ts';

/** Retries of a failed delivery: whether, how often and how far apart (spec 02 §5). */
export function WebhookRetryFields({ form }: { form: WebhookFormState }) {
  const { t, i18n } = useTranslation();
  const { values, set, errorOf } = form;
  const bounds = ruleBounds(i18n.language);
  return (
    <>
      <SwitchField isSelected={values.retryEnabled} onChange={set('retryEnabled')}>
        {t('webhooks.form.retryEnabled')}
      </SwitchField>
      {values.retryEnabled && (
        <div className="flex flex-col gap-4 sm:flex-row">
          <RetryNumberField
            name="maxRetries"
            label={t('webhooks.form.maxRetries')}
            hint={t('webhooks.form.maxRetriesHint', { min: bounds.retriesMin, max: bounds.retriesMax })}
            value={values.maxRetries}
            onChange={set('maxRetries')}
            min={WEBHOOK_MAX_RETRIES_MIN}
            max={WEBHOOK_MAX_RETRIES_MAX}
            step={1}
            error={errorOf('maxRetries')}
          />
          <RetryNumberField
            name="retryDelay"
            label={t('webhooks.form.retryDelay')}
            hint={t('webhooks.form.retryDelayHint', {
              min: bounds.delayMin,
              max: bounds.delayMax,
              step: bounds.delayStep,
            })}
            value={values.retryDelay}
            onChange={set('retryDelay')}
            min={WEBHOOK_RETRY_DELAY_MIN_MS}
            max={WEBHOOK_RETRY_DELAY_MAX_MS}
            step={WEBHOOK_RETRY_DELAY_STEP_MS}
            error={errorOf('retryDelay')}
          />
        </div>
      )}
    </>
  );
}

type RetryNumberFieldProps = {
  name: string;
  label: string;
  hint: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  error: string | undefined;
};

function RetryNumberField(props: RetryNumberFieldProps) {
  return (
    <NumberField
      className="sm:flex-1"
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      minValue={props.min}
      maxValue={props.max}
      step={props.step}
      isInvalid={props.error !== undefined}
    >
      <Label>{props.label}</Label>
      <NumberField.Group>
        <NumberField.DecrementButton />
        <NumberField.Input />
        <NumberField.IncrementButton />
      </NumberField.Group>
      <Description>{props.hint}</Description>
      <TranslatedFieldError serverMessage={props.error} />
    </NumberField>
  );
}
