import { Button, Form, Input, Label, TextField } from '@heroui/react';
import { ErrorCodes } from '@toolpass/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useLocalSignIn } from '../api/use-local-sign-in.ts';
import { signInErrorMessage } from '../hooks/auth-error-messages.ts';

// Only an unverified account needs it; the sign-in screen's download has a budget (decision 4).
const ResendVerification = lazy(() => import('./resend-verification.tsx'));

type LoginFormProps = { onForgotPassword: () => void; onRegister: () => void };

/** Username or email plus password; all fields required (spec 01 §2). */
export function LoginForm({ onForgotPassword, onRegister }: LoginFormProps) {
  const { t } = useTranslation();
  const signIn = useLocalSignIn();
  // The sign-in screen's own button, not SubmitButton: its chunk would push this screen over budget.
  const needsConnection = useNeedsConnection();
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const isUnverified =
    signIn.error instanceof ApiError && signIn.error.errorCode === ErrorCodes.emailNotVerified;

  return (
    <Form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        signIn.mutate({ username: usernameOrEmail.trim(), password });
      }}
    >
      <h1 className="text-2xl font-semibold">{t('auth.login.title')}</h1>
      {signIn.isError && (
        <FormErrorAlert title={t('auth.login.errorTitle')} message={signInErrorMessage(t, signIn.error)} />
      )}
      {isUnverified && (
        <Suspense>
          <ResendVerification
            key={signIn.submittedAt}
            credentials={{ username: usernameOrEmail.trim(), password }}
          />
        </Suspense>
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
