import { describe, expect, it } from 'vitest';
import { endpointsOfDiscovery, issuerDiscoveryUrl, keycloakDiscoveryUrl } from './oidc-discovery.ts';

describe('keycloakDiscoveryUrl', () => {
  it('builds the realm path of the host', () => {
    expect(keycloakDiscoveryUrl('https://sso.example.edu/', 'lab')).toBe(
      'https://sso.example.edu/realms/lab/.well-known/openid-configuration',
    );
  });

  it('reads a host without a scheme as https and encodes the realm', () => {
    expect(keycloakDiscoveryUrl(' sso.example.edu ', 'fab lab')).toBe(
      'https://sso.example.edu/realms/fab%20lab/.well-known/openid-configuration',
    );
  });

  it('keeps the path of a Keycloak served under /auth', () => {
    expect(keycloakDiscoveryUrl('https://sso.example.edu/auth/', 'lab')).toBe(
      'https://sso.example.edu/auth/realms/lab/.well-known/openid-configuration',
    );
  });

  it('refuses a host with a query, a fragment or credentials, which would change the address read', () => {
    for (const host of [
      'https://sso.example.edu/x?',
      'https://sso.example.edu/x?a=b',
      'https://sso.example.edu#',
      'https://user:pass@sso.example.edu',
      'https://exa mple.edu',
    ]) {
      expect(keycloakDiscoveryUrl(host, 'lab'), host).toBe(undefined);
    }
  });

  it('keeps plain http when it is given (a local Keycloak)', () => {
    expect(keycloakDiscoveryUrl('http://localhost:8080', 'dev')).toBe(
      'http://localhost:8080/realms/dev/.well-known/openid-configuration',
    );
  });
});

describe('endpointsOfDiscovery', () => {
  it('takes the four endpoints', () => {
    expect(
      endpointsOfDiscovery({
        issuer: 'https://sso.example.edu/realms/lab',
        authorization_endpoint: 'https://sso.example.edu/auth',
        token_endpoint: 'https://sso.example.edu/token',
        userinfo_endpoint: 'https://sso.example.edu/userinfo',
        jwks_uri: 'https://sso.example.edu/certs',
      }),
    ).toEqual({
      issuer: 'https://sso.example.edu/realms/lab',
      authorizationURL: 'https://sso.example.edu/auth',
      tokenURL: 'https://sso.example.edu/token',
      userInfoURL: 'https://sso.example.edu/userinfo',
    });
  });

  it('refuses a document without one of them', () => {
    expect(endpointsOfDiscovery({ issuer: 'https://x', authorization_endpoint: 'https://x/a' })).toBe(
      undefined,
    );
    expect(endpointsOfDiscovery('not a document')).toBe(undefined);
  });
});

describe('issuerDiscoveryUrl', () => {
  it("appends the well-known path to any issuer, keeping the issuer's own path", () => {
    expect(issuerDiscoveryUrl('https://auth.example.org/application/o/toolpass/')).toBe(
      'https://auth.example.org/application/o/toolpass/.well-known/openid-configuration',
    );
    expect(issuerDiscoveryUrl('https://login.microsoftonline.com/0a1b2c3d/v2.0')).toBe(
      'https://login.microsoftonline.com/0a1b2c3d/v2.0/.well-known/openid-configuration',
    );
    expect(issuerDiscoveryUrl(' accounts.google.com ')).toBe(
      'https://accounts.google.com/.well-known/openid-configuration',
    );
  });

  it('reads an address that already names the discovery document as it is', () => {
    expect(issuerDiscoveryUrl('https://accounts.google.com/.well-known/openid-configuration')).toBe(
      'https://accounts.google.com/.well-known/openid-configuration',
    );
  });

  it('refuses an issuer with a query, a fragment or credentials', () => {
    for (const issuer of [
      'https://sso.example.edu/x?a=b',
      'https://sso.example.edu#x',
      'https://u:p@sso.example.edu',
    ]) {
      expect(issuerDiscoveryUrl(issuer), issuer).toBeUndefined();
    }
  });
});
