import { SSO_ERROR_CODES } from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ssoFailureMessage } from './sso-failure-message.ts';

const t = ((key: string) => key) as unknown as TFunction;

describe('ssoFailureMessage', () => {
  it('has its own message for every reason the server names', () => {
    const keys = SSO_ERROR_CODES.map((code) => ssoFailureMessage(t, code));
    expect(new Set(keys).size).toBe(SSO_ERROR_CODES.length);
    expect(keys).not.toContain('auth.sso.failures.unknown');
  });

  it('words a reason it does not know generally', () => {
    expect(ssoFailureMessage(t, '<script>')).toBe('auth.sso.failures.unknown');
  });
});
