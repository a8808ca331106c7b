import { Card, Form } from '@heroui/react';
import { PASSWORD_MIN_LENGTH } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/use-reset-password.ts';
import { MailLinkOutcomeCard } from './mail-link-outcome-card.tsx';

type ResetPasswordCardProps = { token: string; userId: number };

/** New password from the reset mail's link (spec 01 §2, §5). */
export function ResetPasswordCard({ token, userId }: ResetPasswordCardProps) {
  const { t } = useTranslation();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (reset.isPending) {
    return <MailLinkOutcomeCard outcome={{ state: 'pending', label: t('account.resetPassword.pending') }} />;
  }
  if (reset.isSuccess) {
    const done = {
      state: 'done',
      title: t('account.resetPassword.successTitle'),
      message: t('account.resetPassword.successMessage'),
    } as const;
    return <MailLinkOutcomeCard outcome={done} />;
  }
  return (
    <Card>
      <Card.Header>
        <Card.Title className="text-xl">{t('account.resetPassword.title')}</Card.Title>
        <Card.Description>{t('account.resetPassword.description')}</Card.Description>
      </Card.Header>
      <Card.Content>
        <Form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (password !== confirmation) {
              notifyError(t('account.resetPassword.errorTitle'), t('account.resetPassword.mismatch'));
              return;
            }
            reset.mutate(
              { userId, token, password },
              {
                onError: () =>
                  notifyError(t('account.resetPassword.errorTitle'), t('account.resetPassword.failed')),
              },
            );
          }}
        >
          <PasswordField
            name="password"
            label={t('account.resetPassword.password')}
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            minLength={PASSWORD_MIN_LENGTH}
          />
          <PasswordField
            name="passwordConfirmation"
            label={t('account.resetPassword.confirmPassword')}
            autoComplete="new-password"
            value={confirmation}
            onChange={setConfirmation}
          />
          <SubmitButton fullWidth>{t('account.resetPassword.submit')}</SubmitButton>
        </Form>
      </Card.Content>
    </Card>
  );
}
