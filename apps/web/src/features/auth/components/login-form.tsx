import { Button, Form, Input, Label, TextField } from '@heroui/react';
import { ErrorCodes } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useLocalSignIn } from '../api/use-local-sign-in.ts';
import { useResendVerification } from '../api/use-resend-verification.ts';
import { useMailDelivery } from '../api/use-sso-providers.ts';
import { signInErrorMessage } from '../hooks/auth-error-messages.ts';

type LoginFormProps = { onForgotPassword: () => void; onRegister: () => void };

/** Username or email plus password; all fields required (spec 01 §2). */
export function LoginForm({ onForgotPassword, onRegister }: LoginFormProps) {
  const { t } = useTranslation();
  const signIn = useLocalSignIn();
  // The sign-in screen's own button, not SubmitButton: its chunk would push this screen over budget.
  const needsConnection = useNeedsConnection();
  const resend = useResendVerification();
  const mailDelivery = useMailDelivery();
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const isUnverified =
    signIn.error instanceof ApiError && signIn.error.errorCode === ErrorCodes.emailNotVerified;

  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        resend.reset();
        signIn.mutate({ username: usernameOrEmail.trim(), password });
      }}
    >
      <h1 className="text-2xl font-semibold">{t('auth.login.title')}</h1>
      {signIn.isError && (
        <FormErrorAlert title={t('auth.login.errorTitle')} message={signInErrorMessage(t, signIn.error)} />
      )}
      {isUnverified && (
        <div className="flex flex-col items-start gap-2">
          {resend.data === 'sent' ? (
            <p role="status" className="text-sm">
              {mailDelivery === 'server-output'
                ? t('auth.login.verificationResentWithoutMail')
                : t('auth.login.verificationResent')}
            </p>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              isPending={resend.isPending}
              onPress={() => resend.mutate({ username: usernameOrEmail.trim(), password })}
            >
              {t('auth.login.resendVerification')}
            </Button>
          )}
          {resend.isError && <p className="text-sm text-danger">{signInErrorMessage(t, resend.error)}</p>}
        </div>
      )}
      <TextField
        isRequired
        name="usernameOrEmail"
        autoComplete="username"
        value={usernameOrEmail}
        onChange={setUsernameOrEmail}
      >
        <Label>{t('auth.login.usernameOrEmail')}</Label>
        <Input />
        <TranslatedFieldError />
      </TextField>
      <PasswordField
        name="password"
        label={t('auth.login.password')}
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <div className="-mt-2 flex justify-end">
        <Button variant="ghost" size="sm" onPress={onForgotPassword}>
          {t('auth.login.forgotPassword')}
        </Button>
      </div>
      <Button type="submit" fullWidth isPending={signIn.isPending} {...needsConnection}>
        {t('auth.login.submit')}
      </Button>
      <p className="flex flex-wrap items-center justify-center gap-1 text-sm text-muted">
        {t('auth.login.noAccount')}
        <Button variant="ghost" size="sm" onPress={onRegister}>
          {t('auth.login.switchToRegister')}
        </Button>
      </p>
    </Form>
  );
}
