import type { SsoProvider } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveSsoProvider } from '../api/use-sso-provider-mutations.ts';
import {
  changesAddresses,
  draftOfProvider,
  hasProviderProblems,
  type SsoProviderDraft,
  validateProviderDraft,
} from '../sso-provider-draft.ts';
import { ssoErrorDetail, ssoFieldErrors } from './sso-error-messages.ts';

/**
 * State of the provider form: the draft (from the provider, or from a discovery), the app's own
 * checks (shown from the first submit on) and the server's messages of the last refused save.
 */
export function useSsoProviderForm(options: {
  provider: SsoProvider | undefined;
  initial?: Partial<SsoProviderDraft> | undefined;
  onSaved: (provider: SsoProvider) => void;
}) {
  const { t } = useTranslation();
  const isEdit = options.provider !== undefined;
  const save = useSaveSsoProvider(options.provider?.id);
  const [draft, setDraft] = useState<SsoProviderDraft>(() => ({
    ...draftOfProvider(options.provider),
    ...options.initial,
  }));
  const [isChecked, setIsChecked] = useState(false);

  const change = (next: SsoProviderDraft) => {
    setDraft(next);
    save.reset();
  };

  const submit = () => {
    setIsChecked(true);
    if (hasProviderProblems(validateProviderDraft(draft, isEdit, options.provider))) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        notifySuccess(isEdit ? t('ssoProviders.form.updated') : t('ssoProviders.form.created'));
        options.onSaved(saved);
      },
      onError: (error) =>
        notifyError(
          isEdit ? t('ssoProviders.form.updateFailed') : t('ssoProviders.form.createFailed'),
          ssoErrorDetail(t, error),
        ),
    });
  };

  return {
    draft,
    change,
    submit,
    isEdit,
    /** An edit changed an address: the client secret must be entered again. */
    needsSecretAgain: changesAddresses(draft, options.provider),
    problems: isChecked ? validateProviderDraft(draft, isEdit, options.provider) : {},
    serverErrors: ssoFieldErrors(t, save.error),
    isPending: save.isPending,
  };
}

export type SsoProviderFormState = ReturnType<typeof useSsoProviderForm>;
