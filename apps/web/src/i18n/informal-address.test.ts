import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

const files = import.meta.glob<Tree>('../../public/locales/de/*.json', { import: 'default', eager: true });

/**
 * The formal pronouns, capitalised as German writes them when they address someone. A sentence that
 * starts with "Sie" or "Ihre" meaning "she", "it" or "their" reads the same to this check, so such a
 * sentence names its subject instead: one form of address throughout is worth that small rewording.
 */
const FORMAL_ADDRESS = /(?<![\p{L}\d])(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)(?![\p{L}\d])/u;

function formalAddresses(texts: [string, string][]): string[] {
  return texts.filter(([, text]) => FORMAL_ADDRESS.test(text)).map(([key, text]) => `${key}: ${text}`);
}

describe('German form of address', () => {
  it('reads the German locale files', () => {
    expect(Object.keys(files).length).toBeGreaterThan(5);
  });

  it.each(Object.entries(files))('addresses the reader with the informal "du" in %s', (_path, tree) => {
    expect(formalAddresses(flatten(tree))).toEqual([]);
  });

  it('recognises a formal address and leaves the informal one alone', () => {
    expect(
      formalAddresses([
        ['formal', 'Geben Sie den Code ein.'],
        ['possessive', 'Halten Sie Ihre Karte auf den Leser.'],
        ['dative', 'Wir senden Ihnen einen Link.'],
        ['informal', 'Gib den Code ein. Halte deine Karte auf den Leser, wir senden dir einen Link.'],
        ['lowercase', 'Die Karten und ihre Schlüssel; sie bleiben erhalten.'],
      ]).map((line) => line.split(':')[0]),
    ).toEqual(['formal', 'possessive', 'dative']);
  });
});
