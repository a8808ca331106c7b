import { Writable } from 'node:stream';
import { Messages, SsoMessages } from '@toolpass/contracts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { REDACTED_PATHS } from '../../platform/logging/logger.ts';
import { buildTestApp, PUBLIC_URL, type TestApp } from '../../test/build-test-app.ts';
import { startOidcProvider } from '../../test/oidc-provider.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const SECRET = 'the-client-secret-never-answered';

const body = (overrides: Record<string, unknown> = {}, configuration: Record<string, unknown> = {}) => ({
  name: 'University Keycloak',
  type: 'OIDC',
  oidcConfiguration: {
    issuer: 'https://sso.example.edu/realms/lab',
    authorizationURL: 'https://sso.example.edu/realms/lab/protocol/openid-connect/auth',
    tokenURL: 'https://sso.example.edu/realms/lab/protocol/openid-connect/token',
    userInfoURL: 'https://sso.example.edu/realms/lab/protocol/openid-connect/userinfo',
    clientId: 'toolpass',
    clientSecret: SECRET,
    ...configuration,
  },
  ...overrides,
});

describe.each(TEST_DIALECTS)('SSO providers on %s', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  let admin: Awaited<ReturnType<TestApp['given']['user']>>;

  beforeAll(async () => {
    // Everything the app logs, at the most talkative level, to check no secret is in it.
    const logger = pino(
      { level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } },
      new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    );
    t = await buildTestApp(dialect, { logger }, { logLevel: 'trace' });
    admin = await t.given.user({ canManageSystemConfiguration: true });
  });
  afterAll(() => t?.close());

  const create = (payload: Record<string, unknown> = body()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sso/providers', headers: admin.auth, payload });

  async function sealedSecretOf(id: number) {
    const row = await t.database.db
      .selectFrom('sso_providers')
      .select('client_secret_sealed')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.client_secret_sealed;
  }
  const box = () => createSecretBox(t.config.secretKey ?? '', 'sso-client-secret');

  describe('POST /api/auth/sso/providers', () => {
    it('creates a provider, stores the secret encrypted and never answers it', async () => {
      const response = await create();
      expect(response.statusCode).toBe(201);
      const created = response.json();
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'University Keycloak',
        type: 'OIDC',
        oidcConfiguration: {
          issuer: 'https://sso.example.edu/realms/lab',
          authorizationURL: 'https://sso.example.edu/realms/lab/protocol/openid-connect/auth',
          tokenURL: 'https://sso.example.edu/realms/lab/protocol/openid-connect/token',
          userInfoURL: 'https://sso.example.edu/realms/lab/protocol/openid-connect/userinfo',
          clientId: 'toolpass',
        },
      });
      expect(response.body).not.toContain(SECRET);
      const sealed = await sealedSecretOf(created.id);
      expect(sealed).not.toContain(SECRET);
      expect(box().open(sealed)).toBe(SECRET);
    });

    it.each([
      ['the name', { name: '' }, {}],
      ['the type', { type: 'SAML' }, {}],
      ['the client secret', {}, { clientSecret: undefined }],
      ['the client id', {}, { clientId: '' }],
      ['the token URL', {}, { tokenURL: undefined }],
    ])('refuses a provider without %s', async (_case, overrides, configuration) => {
      const response = await create(body(overrides, configuration));
      expect(response.statusCode).toBe(400);
    });

    it('refuses plain http except on localhost', async () => {
      const insecure = await create(body({}, { issuer: 'http://sso.example.edu/realms/lab' }));
      expect(insecure.statusCode).toBe(400);
      expect(insecure.body).toContain(SsoMessages.insecureUrl);
      const local = await create(body({}, { issuer: 'http://localhost:8080/realms/lab' }));
      expect(local.statusCode).toBe(201);
    });
  });

  describe('GET /api/auth/sso/providers', () => {
    it('lists id, name and type to anyone, signed in or not', async () => {
      const created = (await create(body({ name: 'Listed provider' }))).json();
      const response = await t.app.inject({ method: 'GET', url: '/api/auth/sso/providers' });
      expect(response.statusCode).toBe(200);
      const listed = response.json<Record<string, unknown>[]>();
      expect(listed).toContainEqual({ id: created.id, name: 'Listed provider', type: 'OIDC' });
      for (const entry of listed) expect(Object.keys(entry).sort()).toEqual(['id', 'name', 'type']);
      expect(response.body).not.toContain(SECRET);
    });
  });

  describe('GET /api/auth/sso/redirect-uri', () => {
    const redirectUri = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/auth/sso/redirect-uri', headers });

    it('answers the one callback address of PUBLIC_URL, known before any provider is saved', async () => {
      const response = await redirectUri(admin.auth);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ redirectUri: `${PUBLIC_URL}/api/auth/sso/OIDC/callback` });
    });

    it('is for administrators of the system configuration only', async () => {
      const member = await t.given.member();
      const refused = await redirectUri(member.auth);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(Messages.forbiddenInsufficientPermissions);
      expect((await redirectUri({})).statusCode).toBe(401);
    });
  });

  describe('GET /api/auth/sso/providers/{id}', () => {
    it('answers the settings without the secret, and 404 for an unknown id', async () => {
      const created = (await create()).json();
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/auth/sso/providers/${created.id}`,
        headers: admin.auth,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(created);
      expect(response.body).not.toContain(SECRET);

      const missing = await t.app.inject({
        method: 'GET',
        url: '/api/auth/sso/providers/999999',
        headers: admin.auth,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(SsoMessages.providerNotFound);
    });
  });

  describe('PUT /api/auth/sso/providers/{id}', () => {
    it('keeps the stored secret when none is sent, and replaces it when one is', async () => {
      const created = (await create()).json();
      const before = await sealedSecretOf(created.id);
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `/api/auth/sso/providers/${created.id}`,
        headers: admin.auth,
        payload: {
          name: 'Renamed',
          type: 'OIDC',
          oidcConfiguration: {
            ...body().oidcConfiguration,
            clientSecret: undefined,
            clientId: 'other-client',
          },
        },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        name: 'Renamed',
        oidcConfiguration: { clientId: 'other-client' },
      });
      expect(await sealedSecretOf(created.id)).toBe(before);

      const replaced = await t.app.inject({
        method: 'PUT',
        url: `/api/auth/sso/providers/${created.id}`,
        headers: admin.auth,
        payload: { oidcConfiguration: { clientSecret: 'a-new-secret' } },
      });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.body).not.toContain('a-new-secret');
      expect(replaced.json().name).toBe('Renamed');
      expect(box().open(await sealedSecretOf(created.id))).toBe('a-new-secret');
    });

    it('answers 404 for an unknown provider and 400 for an insecure URL', async () => {
      const missing = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/sso/providers/999999',
        headers: admin.auth,
        payload: { name: 'Nobody' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(SsoMessages.providerNotFound);
      const created = (await create()).json();
      const insecure = await t.app.inject({
        method: 'PUT',
        url: `/api/auth/sso/providers/${created.id}`,
        headers: admin.auth,
        payload: { oidcConfiguration: { tokenURL: 'http://sso.example.edu/token' } },
      });
      expect(insecure.statusCode).toBe(400);
    });
  });

  describe('DELETE /api/auth/sso/providers/{id}', () => {
    it('deletes a provider, which then is gone from the list', async () => {
      const created = (await create(body({ name: 'To delete' }))).json();
      const url = `/api/auth/sso/providers/${created.id}`;
      const deleted = await t.app.inject({ method: 'DELETE', url, headers: admin.auth });
      expect(deleted.statusCode).toBe(200);
      const again = await t.app.inject({ method: 'DELETE', url, headers: admin.auth });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(SsoMessages.providerNotFound);
      const list = await t.app.inject({ method: 'GET', url: '/api/auth/sso/providers' });
      expect(list.json()).not.toContainEqual(expect.objectContaining({ id: created.id }));
      const login = await t.app.inject({ method: 'GET', url: `/api/auth/sso/OIDC/${created.id}/login` });
      expect(login.statusCode).toBe(404);
      expect(login.json().message).toBe(SsoMessages.providerNotFound);
    });
  });

  describe('permissions', () => {
    it('lets only holders of canManageSystemConfiguration manage providers', async () => {
      const created = (await create()).json();
      const calls = [
        { method: 'POST' as const, url: '/api/auth/sso/providers', payload: body() },
        { method: 'GET' as const, url: `/api/auth/sso/providers/${created.id}` },
        {
          method: 'PUT' as const,
          url: `/api/auth/sso/providers/${created.id}`,
          payload: { name: 'Taken over' },
        },
        { method: 'DELETE' as const, url: `/api/auth/sso/providers/${created.id}` },
      ];
      const others = [
        await t.given.member(),
        await t.given.user({ canManageResources: true }),
        await t.given.user({ canManageUsers: true }),
        await t.given.user({ canManageResources: true, canManageUsers: true }),
      ];
      for (const call of calls) {
        const anonymous = await t.app.inject(call);
        expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
        for (const other of others) {
          const response = await t.app.inject({ ...call, headers: other.auth });
          expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
          expect(response.json().message).toBe(Messages.forbiddenInsufficientPermissions);
        }
      }
      const still = await t.app.inject({
        method: 'GET',
        url: `/api/auth/sso/providers/${created.id}`,
        headers: admin.auth,
      });
      expect(still.json().name).toBe('University Keycloak');
    });
  });

  describe('POST /api/auth/sso/discovery', () => {
    const discover = (payload: Record<string, string>, headers: Record<string, string> = admin.auth) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sso/discovery', headers, payload });

    it("reads a Keycloak realm's endpoints through the server, so the page needs no connect-src", async () => {
      const op = await startOidcProvider({ path: '/realms/makerspace' });
      try {
        const found = await discover({ host: `${op.origin}/`, realm: 'makerspace' });
        expect(found.statusCode, found.body).toBe(200);
        expect(found.json()).toEqual({
          issuer: op.issuer,
          authorizationURL: `${op.issuer}/auth`,
          tokenURL: `${op.issuer}/token`,
          userInfoURL: `${op.issuer}/me`,
        });

        // Whatever fails, the answer is the same: no status or error text of the other end.
        for (const payload of [
          { host: op.origin, realm: 'no-such-realm' },
          { host: 'http://127.0.0.1:9', realm: 'makerspace' },
        ]) {
          const failed = await discover(payload);
          expect(failed.statusCode, JSON.stringify(payload)).toBe(400);
          expect(failed.json().message).toBe(SsoMessages.discoveryFailed);
        }
      } finally {
        await op.close();
      }
    });

    it("reads any issuer's endpoints from {issuer}/.well-known/openid-configuration, as typed or as the full address", async () => {
      // The issuer at a path of its own, as Authentik (/application/o/{slug}) and Entra ID have it.
      const op = await startOidcProvider({ path: '/application/o/toolpass' });
      try {
        const expected = {
          issuer: op.issuer,
          authorizationURL: `${op.issuer}/auth`,
          tokenURL: `${op.issuer}/token`,
          userInfoURL: `${op.issuer}/me`,
        };
        for (const issuer of [op.issuer, `${op.issuer}/`, `${op.issuer}/.well-known/openid-configuration`]) {
          const found = await discover({ issuer });
          expect(found.statusCode, found.body).toBe(200);
          expect(found.json()).toEqual(expected);
        }
        const elsewhere = await discover({ issuer: `${op.origin}/application/o/other` });
        expect(elsewhere.statusCode).toBe(400);
        expect(elsewhere.json().message).toBe(SsoMessages.discoveryFailed);
      } finally {
        await op.close();
      }
      const withoutDiscovery = await startOidcProvider({ discovery: false });
      try {
        const missing = await discover({ issuer: withoutDiscovery.issuer });
        expect(missing.statusCode).toBe(400);
        expect(missing.json().message).toBe(SsoMessages.discoveryFailed);
      } finally {
        await withoutDiscovery.close();
      }
    });

    it('refuses an issuer over plain http away from this machine, or one with a query', async () => {
      for (const issuer of ['http://sso.example.edu', 'https://sso.example.edu/x?a=b']) {
        const response = await discover({ issuer });
        expect(response.statusCode, issuer).toBe(400);
        expect(response.json().message).toBe(SsoMessages.insecureUrl);
      }
      expect((await discover({ issuer: ' ' })).statusCode).toBe(400);
    });

    it('refuses plain http away from this machine, and a host that brings its own query', async () => {
      for (const host of [
        'http://sso.example.edu',
        'https://sso.example.edu/x?',
        'https://u:p@sso.example.edu',
      ]) {
        const response = await discover({ host, realm: 'lab' });
        expect(response.statusCode, host).toBe(400);
        expect(response.json().message).toBe(SsoMessages.insecureUrl);
      }
    });

    it('is for administrators of the system configuration only', async () => {
      const member = await t.given.member();
      const response = await discover({ host: 'https://sso.example.edu', realm: 'lab' }, member.auth);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(Messages.forbiddenInsufficientPermissions);
      expect((await discover({ host: 'https://sso.example.edu', realm: 'lab' }, {})).statusCode).toBe(401);
    });
  });

  it('never writes the client secret to the log', async () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(SECRET);
    expect(logLines.join('\n')).not.toContain('a-new-secret');
  });
});
