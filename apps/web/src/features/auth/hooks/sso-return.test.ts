import { describe, expect, it } from 'vitest';
import { canSubmitAccountLinking, readSsoReturn } from './sso-return.ts';

const read = (query: string) => readSsoReturn(new URLSearchParams(query));

describe('readSsoReturn', () => {
  it('finds nothing in an ordinary query string and keeps it', () => {
    const result = read('lng=de&email=a@example.test');
    expect(result.code).toBeUndefined();
    expect(result.accountLinking).toBeUndefined();
    expect(result.remaining.toString()).toBe('lng=de&email=a%40example.test');
  });

  it('reads the sign-on code and removes it', () => {
    const result = read('ssoCode=abc-123_x&lng=de');
    expect(result.code).toBe('abc-123_x');
    expect(result.remaining.toString()).toBe('lng=de');
  });

  it('removes an auth parameter without reading it: a session never comes by address', () => {
    const result = read(`auth=${encodeURIComponent(JSON.stringify({ authToken: 'abc' }))}&lng=de`);
    expect(result.code).toBeUndefined();
    expect(result).not.toHaveProperty('auth');
    expect(result.remaining.toString()).toBe('lng=de');
  });

  it('ignores an empty code', () => {
    expect(read('ssoCode=').code).toBeUndefined();
  });

  it('reads an account linking request and removes its parameters', () => {
    const result = read(
      'accountLinking=required&email=ada%40example.test&externalId=ext-1&ssoProviderId=3&ssoProviderType=OIDC&lng=de',
    );
    expect(result.accountLinking).toEqual({
      email: 'ada@example.test',
      externalId: 'ext-1',
      provider: { type: 'OIDC', id: '3' },
    });
    expect(result.remaining.toString()).toBe('lng=de');
  });

  it('leaves out a provider that could not build a sign-on path', () => {
    expect(
      read('accountLinking=required&ssoProviderId=..&ssoProviderType=OIDC').accountLinking?.provider,
    ).toBe(undefined);
    expect(
      read('accountLinking=required&ssoProviderId=3&ssoProviderType=../x').accountLinking?.provider,
    ).toBe(undefined);
  });

  it('reads the reason of a failed sign-on and removes it', () => {
    const result = read('ssoError=invalid-state&lng=de');
    expect(result.failure).toBe('invalid-state');
    expect(result.code).toBeUndefined();
    expect(result.remaining.toString()).toBe('lng=de');
  });

  it('ignores linking parameters without accountLinking=required', () => {
    expect(read('accountLinking=maybe&email=a%40example.test').accountLinking).toBeUndefined();
  });
});

describe('canSubmitAccountLinking', () => {
  it('needs the email and the external id', () => {
    const provider = { type: 'OIDC', id: '1' };
    expect(canSubmitAccountLinking({ email: 'a@example.test', externalId: 'x', provider })).toBe(true);
    expect(canSubmitAccountLinking({ email: undefined, externalId: 'x', provider })).toBe(false);
    expect(canSubmitAccountLinking({ email: 'a@example.test', externalId: undefined, provider })).toBe(false);
  });
});
