import { describe, expect, it } from 'vitest';
import {
  draftOfProvider,
  toCreateProviderBody,
  toUpdateProviderBody,
  validateProviderDraft,
} from './sso-provider-draft.ts';

const complete = {
  name: ' Campus ',
  issuer: 'https://sso.example.edu/realms/lab',
  authorizationURL: 'https://sso.example.edu/auth',
  tokenURL: 'https://sso.example.edu/token',
  userInfoURL: 'https://sso.example.edu/userinfo',
  clientId: 'toolpass',
  clientSecret: 's3cret',
};

describe('validateProviderDraft', () => {
  it('needs every field of a new provider', () => {
    expect(validateProviderDraft(draftOfProvider(), false)).toEqual({
      name: 'required',
      issuer: 'required',
      authorizationURL: 'required',
      tokenURL: 'required',
      userInfoURL: 'required',
      clientId: 'required',
      clientSecret: 'required',
    });
    expect(validateProviderDraft(complete, false)).toEqual({});
  });

  it('lets an edit keep the stored secret', () => {
    expect(validateProviderDraft({ ...complete, clientSecret: '' }, true)).toEqual({});
  });

  it('asks for the secret again when an edit changes an address', () => {
    const { clientSecret: _secret, name, ...oidcConfiguration } = complete;
    const stored = { id: 1, name, type: 'OIDC' as const, oidcConfiguration };
    const kept = { ...complete, clientSecret: '' };
    expect(validateProviderDraft({ ...kept, name: 'Renamed' }, true, stored)).toEqual({});
    const moved = { ...kept, tokenURL: 'https://elsewhere.example.net/token' };
    expect(validateProviderDraft(moved, true, stored)).toEqual({ clientSecret: 'secretForNewAddress' });
    expect(validateProviderDraft({ ...moved, clientSecret: 'again' }, true, stored)).toEqual({});
  });

  it('refuses plain http except on localhost', () => {
    expect(validateProviderDraft({ ...complete, tokenURL: 'http://sso.example.edu/token' }, false)).toEqual({
      tokenURL: 'insecureUrl',
    });
    expect(validateProviderDraft({ ...complete, tokenURL: 'http://localhost:8080/token' }, false)).toEqual(
      {},
    );
  });
});

describe('request bodies', () => {
  it('sends the secret on create and only a new one on update', () => {
    expect(toCreateProviderBody(complete)).toMatchObject({
      name: 'Campus',
      type: 'OIDC',
      oidcConfiguration: { clientSecret: 's3cret' },
    });
    expect(toUpdateProviderBody({ ...complete, clientSecret: '' }).oidcConfiguration).not.toHaveProperty(
      'clientSecret',
    );
  });
});
