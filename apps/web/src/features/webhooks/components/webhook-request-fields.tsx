import { Description, Input, Label, ListBox, Select, TextArea } from '@heroui/react';
import { NAME_MAX_LENGTH, WEBHOOK_METHODS, type Webhook, type WebhookMethod } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { LengthHint } from '../../../components/length-hint.tsx';
import type { WebhookFormState } from '../hooks/use-webhook-form.ts';
import { CredentialHeadersNote } from './credential-headers-note.tsx';
import { WebhookTextField } from './webhook-text-field.tsx';

type WebhookRequestFieldsProps = {
  form: WebhookFormState;
  /** The saved webhook, whose stored credential headers the form names; undefined for a new one. */
  webhook: Webhook | undefined;
};

/** The webhook's name and the request it sends: method, address and headers (spec 02 §3, §5). */
export function WebhookRequestFields({ form, webhook }: WebhookRequestFieldsProps) {
  const { t } = useTranslation();
  const { values, set } = form;
  return (
    <>
      <WebhookTextField form={form} field="name" label={t('webhooks.form.name')} isRequired autoFocus>
        <Input />
        <LengthHint value={values.name} max={NAME_MAX_LENGTH} />
      </WebhookTextField>
      <div className="flex flex-col gap-4 sm:flex-row">
        <Select
          className="sm:w-36"
          value={values.method}
          onChange={(key) => {
            if (key !== null) set('method')(key as WebhookMethod);
          }}
        >
          <Label>{t('webhooks.form.method')}</Label>
          <Select.Trigger>
            <Select.Value />
            <Select.Indicator />
          </Select.Trigger>
          <Select.Popover>
            <ListBox>
              {WEBHOOK_METHODS.map((method) => (
                <ListBox.Item key={method} id={method} textValue={method}>
                  {method}
                  <ListBox.ItemIndicator />
                </ListBox.Item>
              ))}
            </ListBox>
          </Select.Popover>
        </Select>
        <WebhookTextField
          form={form}
          field="url"
          label={t('webhooks.form.url')}
          isRequired
          className="min-w-0 flex-1"
        >
          <Input inputMode="url" autoComplete="off" spellCheck={false} />
        </WebhookTextField>
      </div>
      {values.method === 'GET' && <p className="text-sm text-muted">{t('webhooks.form.getSendsNoBody')}</p>}
      <WebhookTextField form={form} field="headers" label={t('webhooks.form.headers')}>
        <TextArea rows={3} spellCheck={false} className="font-mono text-sm" />
        <Description>{t('webhooks.form.headersHint')}</Description>
      </WebhookTextField>
      <CredentialHeadersNote webhook={webhook} url={values.url} />
    </>
  );
}
