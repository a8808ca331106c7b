import type { Language } from '@toolpass/contracts';
import i18n from 'i18next';

/**
 * The language the screen is shown in, sent with a sign-up or a resend: an account that has not
 * chosen one gets its verification mail in it (decision 19).
 */
export function screenLanguage(): Language | undefined {
  const language = i18n.resolvedLanguage;
  return language === 'en' || language === 'de' ? language : undefined;
}
