import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';

export const SUPPORTED_LANGUAGES = ['en', 'de'] as const;
export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_NAMESPACE = 'common';
/**
 * One translation file per feature area, so areas are translated and reviewed on their own.
 * Their keys are unique across files and all files load at start, so t() finds a key
 * in whichever file holds it without naming the file.
 */
export const FEATURE_NAMESPACES = [
  'resource-overview',
  'resource-detail',
  'resource-administration',
  'integrations',
  'webhooks',
  'usage-export',
  'sso-providers',
  'email-templates',
  'readers',
  'audit-log',
  'plugins',
  'bookings',
] as const;
export const NAMESPACES = [DEFAULT_NAMESPACE, ...FEATURE_NAMESPACES];

/** Language settings of spec 01 §1 and §9: detection order, fallback, loading retries. */
export function initI18n() {
  i18n.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: 'en',
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      ns: NAMESPACES,
      defaultNS: DEFAULT_NAMESPACE,
      fallbackNS: [...FEATURE_NAMESPACES],
      // i18next retries a failed read and doubles the wait each time: 350, 700, 1400… ms.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
    });
}
