import { Button, Form, Input, Label, TextField } from '@heroui/react';
import { PASSWORD_MIN_LENGTH } from '@toolpass/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import { useServerFieldErrors } from '../../../lib/use-server-field-errors.ts';
import { useRegister } from '../api/use-register.ts';
import { registrationErrorMessage } from '../hooks/auth-error-messages.ts';

// Loaded on success only: the dialog code is a large part of the sign-in screen otherwise.
const RegistrationSuccessModal = lazy(() => import('./registration-success-modal.tsx'));

type RegisterFormProps = { onSignIn: () => void };

/**
 * Username, email, password and confirmation, all required; the password at least 8 characters,
 * checked here before anything is sent (spec 01 §2, §5). The server's message under a field goes
 * once that field is edited, so a corrected form can always be sent again.
 */
export function RegisterForm({ onSignIn }: RegisterFormProps) {
  const { t } = useTranslation();
  const register = useRegister();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirmation, setPasswordConfirmation] = useState('');
  const serverErrors = useServerFieldErrors(register.error);
  return (
    <>
      <Form
        className="flex flex-col gap-4"
        validationErrors={serverErrors.errors}
        onSubmit={(event) => {
          event.preventDefault();
          register.mutate({ username: username.trim(), email: email.trim(), password });
        }}
      >
        <h1 className="text-2xl font-semibold">{t('auth.register.title')}</h1>
        {register.isError && !serverErrors.areAllEdited && (
          <FormErrorAlert
            title={t('auth.register.errorTitle')}
            message={registrationErrorMessage(t, register.error)}
          />
        )}
        <TextField
          isRequired
          name="username"
          autoComplete="username"
          value={username}
          onChange={serverErrors.clearing('username', setUsername)}
        >
          <Label>{t('auth.register.username')}</Label>
          <Input />
          <TranslatedFieldError />
        </TextField>
        <TextField
          isRequired
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={serverErrors.clearing('email', setEmail)}
        >
          <Label>{t('auth.register.email')}</Label>
          <Input />
          <TranslatedFieldError />
        </TextField>
        <PasswordField
          name="password"
          label={t('auth.register.password')}
          autoComplete="new-password"
          value={password}
          onChange={serverErrors.clearing('password', setPassword)}
          minLength={PASSWORD_MIN_LENGTH}
        />
        <TextField
          isRequired
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          value={passwordConfirmation}
          onChange={setPasswordConfirmation}
          validate={(value) => (value && value !== password ? t('auth.register.passwordMismatch') : null)}
        >
          <Label>{t('auth.register.passwordConfirmation')}</Label>
          <Input />
          <TranslatedFieldError />
        </TextField>
        <SubmitButton fullWidth isPending={register.isPending}>
          {t('auth.register.submit')}
        </SubmitButton>
        <p className="flex flex-wrap items-center justify-center gap-1 text-sm text-muted">
          {t('auth.register.haveAccount')}
          <Button variant="ghost" size="sm" onPress={onSignIn}>
            {t('auth.register.switchToLogin')}
          </Button>
        </p>
      </Form>
      {register.isSuccess && (
        <Suspense>
          <RegistrationSuccessModal
            email={register.data.email ?? email}
            onClose={() => {
              register.reset();
              onSignIn();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
