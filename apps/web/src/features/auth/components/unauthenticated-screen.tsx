import { Alert, Card } from '@heroui/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MainContent, SkipLink } from '../../../components/skip-link.tsx';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { LanguageSwitcher } from '../../language/components/language-switcher.tsx';
import { useSignInScreenFacts } from '../api/use-sso-providers.ts';
import { useSsoReturn } from '../hooks/use-sso-return.ts';
import { LoginForm } from './login-form.tsx';
import { SsoProviderButtons } from './sso-provider-buttons.tsx';
import { WelcomePanel } from './welcome-panel.tsx';

// Only a return from single sign-on needs it; the dialog code would weigh on every sign-in screen.
const SsoAccountLinkingModal = lazy(() => import('./sso-account-linking-modal.tsx'));
const SsoCodeExchange = lazy(() => import('./sso-code-exchange.tsx'));
// The other two views load when chosen: the first screen's download has a budget (decision 4).
const RegisterForm = lazy(() =>
  import('./register-form.tsx').then((module) => ({ default: module.RegisterForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form.tsx').then((module) => ({ default: module.ForgotPasswordForm })),
);

type View = 'login' | 'register' | 'forgotPassword';

/** Sign-in, registration and forgotten password on one page (spec 01 §2). */
export function UnauthenticatedScreen() {
  const { t } = useTranslation();
  const { signedOutReason } = useSignIn();
  const [view, setView] = useState<View>('login');
  const { code: ssoCode, accountLinking, onAccountLinked } = useSsoReturn();
  const [ssoProviders = [], setup] = useSignInScreenFacts().data ?? [];
  return (
    <div className="grid min-h-dvh bg-background lg:grid-cols-2">
      <SkipLink />
      <WelcomePanel />
      <MainContent className="flex flex-col items-center justify-center gap-2 p-4">
        <div className="flex w-full max-w-md justify-end">
          <LanguageSwitcher />
        </div>
        <Card className="w-full max-w-md">
          <Card.Content className="flex flex-col gap-4 p-2">
            {view === 'login' && signedOutReason === 'signInEnded' && (
              <Alert status="warning" role="status">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>{t('auth.sessionEnded')}</Alert.Description>
                </Alert.Content>
              </Alert>
            )}
            {setup?.firstAccount && <p>{t('auth.firstAccount')}</p>}
            {view === 'login' && (
              <LoginForm
                onForgotPassword={() => setView('forgotPassword')}
                onRegister={() => setView('register')}
              />
            )}
            <Suspense>
              {view === 'register' && <RegisterForm onSignIn={() => setView('login')} />}
              {view === 'forgotPassword' && <ForgotPasswordForm onBack={() => setView('login')} />}
            </Suspense>
            {view !== 'forgotPassword' && <SsoProviderButtons providers={ssoProviders} />}
          </Card.Content>
        </Card>
      </MainContent>
      <Suspense>
        {ssoCode && <SsoCodeExchange code={ssoCode} />}
        {accountLinking && <SsoAccountLinkingModal linking={accountLinking} onLinked={onAccountLinked} />}
      </Suspense>
    </div>
  );
}
