import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { useExchangeSsoCode } from '../api/use-exchange-sso-code.ts';
import { ssoCodeErrorText } from './sso-link-error.ts';

/**
 * Exchanges the single-use code of a single sign-on return for the sign-in once; a success
 * signs in, a refusal (used, late, unknown) says so.
 */
export function useSsoCodeExchange(code: string) {
  const { t } = useTranslation();
  const { mutate: exchange } = useExchangeSsoCode();
  // StrictMode runs effects twice; the second exchange of a single-use code would fail visibly.
  const isStarted = useRef(false);
  useEffect(() => {
    if (isStarted.current) return;
    isStarted.current = true;
    exchange(code, {
      onError: (error) => notifyError(t('auth.sso.invalidAuthTitle'), ssoCodeErrorText(t, error)),
    });
  }, [code, exchange, t]);
}
