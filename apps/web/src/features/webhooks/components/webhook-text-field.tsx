import { Label, TextField } from '@heroui/react';
import type { ReactNode } from 'react';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import type { WebhookFormState } from '../hooks/use-webhook-form.ts';

type TextFieldName = 'name' | 'url' | 'headers' | 'signatureHeader';

type WebhookTextFieldProps = {
  form: WebhookFormState;
  field: TextFieldName;
  label: string;
  isRequired?: boolean;
  className?: string;
  autoFocus?: boolean;
  /** The input, and any hint under it. */
  children: ReactNode;
};

/** A text setting of the webhook, with the message of the app's check or the server's under it. */
export function WebhookTextField({ form, field, label, children, ...options }: WebhookTextFieldProps) {
  const error = form.errorOf(field);
  return (
    <TextField
      {...options}
      name={field}
      value={form.values[field]}
      onChange={form.set(field)}
      isInvalid={error !== undefined}
    >
      <Label>{label}</Label>
      {children}
      <TranslatedFieldError serverMessage={error} />
    </TextField>
  );
}
