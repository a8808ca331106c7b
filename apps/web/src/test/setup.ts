import { toast } from '@heroui/react';
import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterAll, afterEach, vi } from 'vitest';
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

afterEach(() => {
  cleanup();
  // The toast queue lives in HeroUI's module; a toast of one test must not show up in the next.
  toast.clear();
});

// Test files share one page (isolate: false saves creating it for each file); each leaves it as it
// found it: no portal or toast left in the body, nothing stored, no stubbed global or fake clock.
afterAll(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
