import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import en from '../../public/locales/en/common.json';
import { DEFAULT_NAMESPACE } from '../i18n/i18n.ts';

// Component and message tests run against the real English texts, without the HTTP backend.
await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  resources: { en: { [DEFAULT_NAMESPACE]: en } },
  interpolation: { escapeValue: false },
});

afterEach(() => cleanup());
