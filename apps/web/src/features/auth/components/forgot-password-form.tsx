import { Button, Form, Input, Label, TextField } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMailDelivery } from '../api/use-mail-delivery.ts';
import { useRequestPasswordReset } from '../api/use-request-password-reset.ts';

/** Asks for a reset mail (spec 01 §2, §8). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const requestReset = useRequestPasswordReset();
  // Without a mail server the link is in the server's output, not in anyone's inbox.
  const successMessage =
    useMailDelivery() === 'server-output'
      ? 'auth.forgotPassword.successMessageWithoutMail'
      : 'auth.forgotPassword.successMessage';
  const [email, setEmail] = useState('');

  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        requestReset.mutate(email.trim(), {
          onSuccess: () => {
            notifySuccess(t('auth.forgotPassword.successTitle'), t(successMessage));
            onBack();
          },
          onError: (error) =>
            notifyError(
              t('auth.forgotPassword.errorTitle'),
              error instanceof ApiError && error.body
                ? translateServerMessage(t, error.body.message)
                : t('common.unexpectedError'),
            ),
        });
      }}
    >
      <h1 className="text-2xl font-semibold">{t('auth.forgotPassword.title')}</h1>
      <p className="text-sm text-muted">{t('auth.forgotPassword.description')}</p>
      <TextField isRequired name="email" type="email" autoComplete="email" value={email} onChange={setEmail}>
        <Label>{t('auth.forgotPassword.email')}</Label>
        <Input />
        <TranslatedFieldError />
      </TextField>
      <SubmitButton fullWidth isPending={requestReset.isPending}>
        {t('auth.forgotPassword.submit')}
      </SubmitButton>
      <Button variant="ghost" fullWidth onPress={onBack}>
        {t('auth.forgotPassword.back')}
      </Button>
    </Form>
  );
}
