import { describe, expect, it } from 'vitest';
import { safeReturnAddress, withReturnParams } from './sso-return-address.ts';

const PUBLIC_URL = 'https://tools.example.org';

describe('safeReturnAddress', () => {
  it('keeps an address on the app origin, and reads a path relative to it', () => {
    expect(safeReturnAddress('https://tools.example.org/resources?lng=de', PUBLIC_URL)).toBe(
      'https://tools.example.org/resources?lng=de',
    );
    expect(safeReturnAddress('/resources/7', PUBLIC_URL)).toBe('https://tools.example.org/resources/7');
  });

  it.each([
    ['another site', 'https://evil.example/steal'],
    ['a protocol-relative address', '//evil.example/steal'],
    ['another scheme', 'http://tools.example.org/'],
    ['another port', 'https://tools.example.org:8443/'],
    ['a script', 'javascript:alert(1)'],
    ['a backslash trick', '/\\evil.example'],
  ])('answers the app root for %s', (_case, redirectTo) => {
    expect(safeReturnAddress(redirectTo, PUBLIC_URL)).toBe('https://tools.example.org/');
  });

  it('answers the app root without a redirectTo', () => {
    expect(safeReturnAddress(undefined, PUBLIC_URL)).toBe('https://tools.example.org/');
  });
});

describe('withReturnParams', () => {
  it('replaces parameters the caller set with the ones of the callback', () => {
    const address = withReturnParams('https://tools.example.org/?lng=de&auth=forged&email=x', {
      ssoError: 'invalid-state',
    });
    const url = new URL(address);
    expect(url.searchParams.get('lng')).toBe('de');
    expect(url.searchParams.has('auth')).toBe(false);
    expect(url.searchParams.has('email')).toBe(false);
    expect(url.searchParams.get('ssoError')).toBe('invalid-state');
  });
});
