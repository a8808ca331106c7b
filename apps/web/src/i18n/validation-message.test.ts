import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import de from '../../public/locales/de/common.json';
import en from '../../public/locales/en/common.json';
import { validationMessage } from './validation-message.ts';

async function translator(language: 'en' | 'de') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { en: { common: en }, de: { common: de } },
    defaultNS: 'common',
  });
  return instance.t;
}

describe('validationMessage', () => {
  it('words a too long text from its bound, in English and German', async () => {
    const issue = {
      field: 'name',
      code: 'too_big',
      params: { origin: 'string', maximum: 200, inclusive: true },
    };
    expect(
      validationMessage(await translator('en'), issue, 'Too big: expected string to have <=200 characters'),
    ).toBe('Must be at most 200 characters.');
    expect(validationMessage(await translator('de'), issue)).toBe('Darf höchstens 200 Zeichen lang sein.');
  });

  it('tells a missing required text, a short one, a bad email and a wrong type apart', async () => {
    const t = await translator('de');
    expect(
      validationMessage(t, { field: 'name', code: 'too_small', params: { origin: 'string', minimum: 1 } }),
    ).toBe('Bitte fülle dieses Feld aus.');
    expect(
      validationMessage(t, {
        field: 'username',
        code: 'too_small',
        params: { origin: 'string', minimum: 3 },
      }),
    ).toBe('Muss mindestens 3 Zeichen lang sein.');
    expect(
      validationMessage(t, { field: 'email', code: 'invalid_format', params: { format: 'email' } }),
    ).toBe('Bitte gib eine gültige E-Mail-Adresse ein.');
    expect(validationMessage(t, { field: 'limit', code: 'invalid_type' })).toBe('Dieser Wert ist ungültig.');
  });

  it("recognises the contract's own rules by their wording, and never shows an unknown English text", async () => {
    const t = await translator('de');
    expect(
      validationMessage(
        t,
        { field: 'username', code: 'invalid_format', params: { format: 'regex' } },
        'Username must not contain spaces or @.',
      ),
    ).toBe('Der Benutzername darf keine Leerzeichen und kein @ enthalten.');
    expect(validationMessage(t, { field: 'x', code: 'custom' }, 'Some English sentence.')).toBe(
      'Dieser Wert ist ungültig.',
    );
  });
});
