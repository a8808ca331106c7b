import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@toolpass/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES } from '../../../i18n/i18n.ts';
import { useSignIn } from '../../../sign-in/sign-in-context.tsx';
import { fetchPreferences, preferencesQueryKey, savePreferences } from '../api/preferences-api.ts';

/** Each language named in itself, so someone who cannot read the current one still finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };
// The sign-in screen uses this: the contract's schema would bring the schema library into it.
export const LANGUAGES = SUPPORTED_LANGUAGES satisfies readonly Language[];

/**
 * The interface language and a way to change it: i18next keeps the choice in this browser, and a
 * signed-in user's choice is saved with the account too.
 */
export function useLanguage() {
  const { i18n } = useTranslation();
  const { user } = useSignIn();
  const queryClient = useQueryClient();
  // Not single-flight: when someone picks twice quickly, the last choice must be the one saved.
  const save = useMutation({
    mutationFn: savePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
  const current = LANGUAGES.find((language) => language === i18n.resolvedLanguage) ?? 'en';
  const choose = (language: Language) => {
    void i18n.changeLanguage(language);
    if (user) save.mutate({ language });
  };
  return { current, choose };
}

/**
 * Signed in: the account's language, when it has one, replaces the browser's once per sign-in.
 * Without one the browser's language (or this browser's last choice) stays.
 */
export function useAccountLanguage() {
  const { i18n } = useTranslation();
  const preferences = useQuery({
    queryKey: preferencesQueryKey,
    queryFn: fetchPreferences,
    staleTime: Infinity,
  });
  const applied = useRef(false);
  const language = preferences.data?.language;
  useEffect(() => {
    if (applied.current || !preferences.isSuccess) return;
    applied.current = true;
    if (language && language !== i18n.resolvedLanguage) void i18n.changeLanguage(language);
  }, [preferences.isSuccess, language, i18n]);
}
