import { buttonVariants } from '@heroui/react';
import type { SsoProviderSummary } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ssoLoginUrl } from '../api/sso-login-url.ts';

type SsoProviderButtonsProps = { providers: SsoProviderSummary[]; redirectTo?: string };

/** One external link per provider; nothing at all when there is none (spec 01 §2). */
export function SsoProviderButtons({
  providers,
  redirectTo = window.location.href,
}: SsoProviderButtonsProps) {
  const { t } = useTranslation();
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-center text-sm text-muted">{t('auth.sso.or')}</p>
      {providers.map((provider) => (
        <a
          key={provider.id}
          href={ssoLoginUrl(provider, redirectTo)}
          className={buttonVariants({ variant: 'outline', fullWidth: true })}
        >
          {t('auth.sso.signInWith', { name: provider.name })}
        </a>
      ))}
    </div>
  );
}
