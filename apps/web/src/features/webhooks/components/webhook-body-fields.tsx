import { TEMPLATE_VARIABLES } from '@toolpass/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SwitchField } from '../../../components/switch-field.tsx';
import { useSampleValues } from '../hooks/use-sample-values.ts';
import type { WebhookFormState } from '../hooks/use-webhook-form.ts';
import { WebhookTemplateField } from './webhook-template-field.tsx';

/** The events a webhook can be sent for, in the order the form lists them. */
const SEND_ON_FIELDS = ['sendOnStart', 'sendOnStop', 'sendOnTakeover', 'sendOnBooking'] as const;
/** The body templates, one per moment (spec 02 §3). */
const TEMPLATE_FIELDS = ['inUseTemplate', 'notInUseTemplate', 'takeoverTemplate'] as const;

/** Whether the webhook is sent, for which events, and the body it sends at each (spec 02 §3, §5). */
export function WebhookBodyFields({ form, resourceId }: { form: WebhookFormState; resourceId: number }) {
  const { t } = useTranslation();
  const { values, set } = form;
  const sampleValues = useSampleValues(resourceId);
  return (
    <>
      <SwitchField isSelected={values.active} onChange={set('active')}>
        {t('webhooks.form.active')}
      </SwitchField>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">{t('webhooks.form.sendOn')}</legend>
        {SEND_ON_FIELDS.map((field) => (
          <SwitchField key={field} isSelected={values[field]} onChange={set(field)}>
            {t(`webhooks.form.${field}`)}
          </SwitchField>
        ))}
      </fieldset>

      <TemplateVariables />
      {TEMPLATE_FIELDS.map((field) => (
        <WebhookTemplateField
          key={field}
          name={field}
          label={t(`webhooks.form.${field}`)}
          value={values[field]}
          onChange={set(field)}
          sampleValues={sampleValues}
          serverError={form.serverErrors[field]}
        />
      ))}
    </>
  );
}

function TemplateVariables() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2">
      <p id={headingId} className="text-sm font-medium">
        {t('webhooks.form.variables')}
      </p>
      <ul aria-labelledby={headingId} className="flex flex-wrap gap-2">
        {TEMPLATE_VARIABLES.map((variable) => (
          <li key={variable}>
            <code className="rounded bg-default px-1.5 py-0.5 text-xs">{`{{${variable}}}`}</code>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">{t('webhooks.form.variablesHint')}</p>
    </div>
  );
}
