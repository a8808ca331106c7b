import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notifyError } from '../../../lib/notify.ts';
import { type AccountLinking, readSsoReturn } from './sso-return.ts';

/**
 * Acts on the return from single sign-on (spec 01 §2): its single-use code is handed to the
 * caller to exchange for the sign-in (use-sso-code-exchange.ts); an account linking request is
 * handed to the caller until it is linked; a failed sign-on's reason is shown. All are taken out
 * of the address at once (history.replaceState), so neither the address bar nor history keeps them.
 */
export function useSsoReturn() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [ssoReturn] = useState(() => readSsoReturn(searchParams));
  const [accountLinking, setAccountLinking] = useState<AccountLinking | undefined>(ssoReturn.accountLinking);
  // StrictMode runs effects twice; a second sign-in or toast would be visible.
  const isHandled = useRef(false);

  useEffect(() => {
    if (isHandled.current) return;
    isHandled.current = true;
    const { code, failure, remaining } = ssoReturn;
    if (remaining.toString() === searchParams.toString()) return;
    setSearchParams(remaining, { replace: true });
    // The reason picks its text by i18next context (auth.sso.failure_<code>); a code without
    // one gets the general text.
    if (code === undefined && failure !== undefined)
      notifyError(t('auth.sso.invalidAuthTitle'), t('auth.sso.failure', { context: failure }));
  }, [ssoReturn, searchParams, setSearchParams, t]);

  /** After linking, the dialog has signed in again or said so (sso-account-linking-modal.tsx). */
  const onAccountLinked = useCallback(() => setAccountLinking(undefined), []);

  return { code: ssoReturn.code, accountLinking, onAccountLinked };
}
