import { SSO_ERROR_CODES } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import de from '../../../../public/locales/de/common.json';
import en from '../../../../public/locales/en/common.json';

describe('texts of failed sign-ons', () => {
  it.each([
    ['en', en],
    ['de', de],
  ])('has its own text for every reason the server names, and a general one, in %s', (_language, texts) => {
    const sso = texts.auth.sso as Record<string, string>;
    expect(sso.failure).toEqual(expect.any(String));
    const own = SSO_ERROR_CODES.map((code) => sso[`failure_${code}`]);
    expect(own.every((text) => typeof text === 'string' && text !== sso.failure)).toBe(true);
    expect(new Set(own).size).toBe(SSO_ERROR_CODES.length);
  });
});
