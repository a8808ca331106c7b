import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { DEFAULT_NAMESPACE, FEATURE_NAMESPACES, NAMESPACES } from '../i18n/i18n.ts';

const englishFiles = import.meta.glob<Record<string, unknown>>('../../public/locales/en/*.json', {
  import: 'default',
  eager: true,
});
const english = Object.fromEntries(
  Object.entries(englishFiles).map(([path, texts]) => [path.replace(/^.*\/(.+)\.json$/, '$1'), texts]),
);

// Component and message tests run against the real English texts, without the HTTP backend.
await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: NAMESPACES,
  defaultNS: DEFAULT_NAMESPACE,
  fallbackNS: [...FEATURE_NAMESPACES],
  resources: { en: english },
  interpolation: { escapeValue: false },
});

afterEach(() => cleanup());
