import { describe, expect, it } from 'vitest';
import { ssoLoginUrl } from './sso-login-url.ts';

describe('ssoLoginUrl', () => {
  it('points at the provider and carries the return address', () => {
    expect(ssoLoginUrl({ type: 'OIDC', id: 3 }, 'http://localhost/resources?lng=de')).toBe(
      '/api/auth/sso/OIDC/3/login?redirectTo=http%3A%2F%2Flocalhost%2Fresources%3Flng%3Dde',
    );
  });
});
