import { Alert, Label, TextArea, TextField } from '@heroui/react';
import type { TemplateValues } from '@toolpass/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { previewTemplate } from '../template-preview.ts';

type WebhookTemplateFieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  sampleValues: TemplateValues;
  serverError?: string | undefined;
};

/**
 * A body template and, below it, what a receiver would get with sample values: formatted JSON,
 * or the reason the preview fails (spec 02 §5).
 */
export function WebhookTemplateField(props: WebhookTemplateFieldProps) {
  const { t } = useTranslation();
  const previewId = useId();
  const preview = previewTemplate(props.value, props.sampleValues);
  return (
    <div className="flex flex-col gap-2">
      <TextField
        name={props.name}
        value={props.value}
        onChange={props.onChange}
        isInvalid={props.serverError !== undefined}
        aria-describedby={previewId}
      >
        <Label>{props.label}</Label>
        <TextArea rows={5} spellCheck={false} className="font-mono text-sm" />
        <TranslatedFieldError serverMessage={props.serverError} />
      </TextField>
      <div id={previewId} data-preview className="flex flex-col gap-1">
        {preview.isJson ? (
          <>
            <p className="text-sm text-muted">{t('webhooks.form.preview.title')}</p>
            <pre className="rounded-lg bg-surface-secondary p-3 font-mono text-xs whitespace-pre-wrap wrap-anywhere">
              {preview.formatted}
            </pre>
          </>
        ) : (
          <Alert status="danger">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('webhooks.form.preview.failedTitle')}</Alert.Title>
              <Alert.Description className="wrap-anywhere">
                {t('webhooks.form.preview.failedMessage', { reason: preview.reason })}
              </Alert.Description>
            </Alert.Content>
          </Alert>
        )}
      </div>
    </div>
  );
}
