import { Messages, PermissionNameSchema, ResourceMessages } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { NAVIGATION } from '../app/shell/navigation.ts';
import { THEMES } from '../app/theme-context.tsx';
import { BOOKING_PATTERN_KEYS, BOOKING_WHOLE_MESSAGES } from '../features/bookings/booking-messages.ts';
import { NAMESPACES } from './i18n.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [nested, text] of flatten(value, path)) entries.set(nested, text);
  }
  return entries;
}

const files = import.meta.glob<Tree>('../../public/locales/*/*.json', { import: 'default', eager: true });
/** Language → namespace → flattened texts, from the files the HTTP backend serves. */
const byNamespace = new Map<string, Map<string, Map<string, string>>>();
for (const [path, tree] of Object.entries(files)) {
  const [, language, namespace] = path.match(/locales\/([^/]+)\/([^/]+)\.json$/) ?? [];
  if (!language || !namespace) continue;
  const namespaces = byNamespace.get(language) ?? new Map();
  namespaces.set(namespace, flatten(tree));
  byNamespace.set(language, namespaces);
}
/** Every key of a language, whichever file holds it (keys are unique across files). */
const merged = (language: string) =>
  new Map([...(byNamespace.get(language)?.values() ?? [])].flatMap((entries) => [...entries]));
const languages = { en: merged('en'), de: merged('de') };
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

/** Every `t('literal.key')` in the source code. */
function keysUsedInSource(): Set<string> {
  const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  const keys = new Set<string>();
  for (const source of Object.values(sources)) {
    for (const match of source.matchAll(/\bt\(\s*'([\w.]+)'/g)) if (match[1]) keys.add(match[1]);
  }
  return keys;
}

/** Keys the code builds at run time, listed from the same constants the code uses. */
const dynamicKeys = [
  ...[
    ...Object.keys(Messages),
    ...Object.keys(ResourceMessages),
    ...Object.keys(BOOKING_WHOLE_MESSAGES),
    ...BOOKING_PATTERN_KEYS,
  ].map((key) => `serverMessages.${key}`),
  ...THEMES.map((theme) => `theme.${theme}`),
  ...PermissionNameSchema.options.map((permission) => `users.permissions.${permission}`),
  ...NAVIGATION.flatMap((group) => [group.labelKey, ...group.items.map((item) => item.labelKey)]).filter(
    (key): key is string => key !== undefined,
  ),
];

describe('translations', () => {
  it.each(['en', 'de'])('has exactly the configured namespace files in %s', (language) => {
    expect([...(byNamespace.get(language)?.keys() ?? [])].sort()).toEqual([...NAMESPACES].sort());
  });

  it('has each key in one file only, so t() finds it without naming the file', () => {
    const seen = new Map<string, string>();
    const duplicated: string[] = [];
    for (const [namespace, entries] of byNamespace.get('en') ?? []) {
      for (const key of entries.keys()) {
        if (seen.has(key)) duplicated.push(`${key} (${seen.get(key)}, ${namespace})`);
        seen.set(key, namespace);
      }
    }
    expect(duplicated).toEqual([]);
  });

  it('has the same keys in English and German', () => {
    expect([...languages.de.keys()].sort()).toEqual([...languages.en.keys()].sort());
  });

  it.each(Object.entries(languages))('has no empty text in %s', (_language, entries) => {
    const empty = [...entries].filter(([, text]) => text.trim() === '').map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it('uses the same placeholders in both languages', () => {
    const different = [...languages.en].filter(
      ([key, text]) => placeholders(text).join() !== placeholders(languages.de.get(key) ?? '').join(),
    );
    expect(different.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.keys(languages))('translates every key the code uses into %s', (language) => {
    const entries = languages[language as keyof typeof languages];
    const used = [...keysUsedInSource(), ...dynamicKeys];
    expect(used.length).toBeGreaterThan(100);
    // A key used with a count may exist as i18next's plural forms only (key_one, key_other).
    const translated = (key: string) =>
      entries.has(key) || (entries.has(`${key}_one`) && entries.has(`${key}_other`));
    expect(used.filter((key) => !translated(key))).toEqual([]);
  });
});
