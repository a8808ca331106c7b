import { SsoMessages, WebhookMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startRecordingListener } from '../../test/recording-listener.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';

const PASSWORD = 'broker-password-stays-home';
const BEARER = 'Bearer token-for-the-first-receiver';
const API_KEY = 'key-for-the-first-receiver';

/** Issue 26: a stored secret goes only to the address it was given for. */
describe.each(TEST_DIALECTS)('secrets that stay with their address on %s', (dialect) => {
  let t: TestApp;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    manager = await t.given.administrator();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: manager.auth, ...(payload ? { payload } : {}) });

  describe('an MQTT server', () => {
    it('sends no password to the listener its port was changed to', async () => {
      const first = await startRecordingListener();
      const second = await startRecordingListener();
      try {
        const created = await call('POST', '/api/mqtt/servers', {
          name: 'Hall',
          host: '127.0.0.1',
          port: first.port,
          username: 'relay',
          password: PASSWORD,
        });
        expect(created.json().hasPassword).toBe(true);
        const moved = await call('PUT', `/api/mqtt/servers/${created.json().id}`, { port: second.port });
        expect(moved.json()).toMatchObject({ port: second.port, username: 'relay', hasPassword: false });
        await call('POST', `/api/mqtt/servers/${created.json().id}/test`);
        // The CONNECT packet reached the new listener, with the user name and without the password.
        expect(second.connections()).toBeGreaterThan(0);
        expect(second.received()).toContain('relay');
        expect(second.received()).not.toContain(PASSWORD);
        expect(first.received()).toBe('');
      } finally {
        await Promise.all([first.close(), second.close()]);
      }
    });

    it.each([
      ['the host', { host: 'localhost' }],
      ['TLS', { useTls: true }],
    ])('drops the password when %s changes', async (_what, change) => {
      const created = await call('POST', '/api/mqtt/servers', {
        name: 'Hall',
        host: '127.0.0.1',
        port: 1883,
        password: PASSWORD,
      });
      const moved = await call('PUT', `/api/mqtt/servers/${created.json().id}`, change);
      expect(moved.statusCode).toBe(200);
      expect(moved.json().hasPassword).toBe(false);
    });

    it('keeps a password given again in the same request, and one whose address stays', async () => {
      const created = await call('POST', '/api/mqtt/servers', {
        name: 'Hall',
        host: '127.0.0.1',
        port: 1883,
        password: PASSWORD,
      });
      const id = created.json().id;
      const renamed = await call('PUT', `/api/mqtt/servers/${id}`, {
        name: 'Hall 2',
        host: '127.0.0.1',
        port: 1883,
      });
      expect(renamed.json().hasPassword).toBe(true);
      const moved = await call('PUT', `/api/mqtt/servers/${id}`, { port: 1884, password: 'given-again' });
      expect(moved.json()).toMatchObject({ port: 1884, hasPassword: true });
    });
  });

  describe('a webhook', () => {
    let first: WebhookReceiver;
    let second: WebhookReceiver;
    beforeAll(async () => {
      first = await startWebhookReceiver();
      second = await startWebhookReceiver();
    });
    afterAll(async () => {
      await first.close();
      await second.close();
    });

    async function webhookWithCredentials() {
      const resource = await resourceFixtures(t).resource(manager);
      const path = `/api/resources/${resource.id}/webhooks`;
      const created = await call('POST', path, {
        name: 'Relay',
        url: `${first.url}/hook`,
        headers: { Authorization: BEARER, 'X-Api-Key': API_KEY, 'X-Space': 'Lab' },
      });
      expect(created.statusCode).toBe(201);
      return { path: `${path}/${created.json().id}`, created };
    }

    it('answers credential headers by name only and stores their values sealed', async () => {
      const { path, created } = await webhookWithCredentials();
      for (const answer of [created, await call('GET', path)]) {
        expect(answer.json()).toMatchObject({
          headers: { 'X-Space': 'Lab' },
          credentialHeaders: ['Authorization', 'X-Api-Key'],
        });
        expect(answer.body).not.toContain(BEARER);
        expect(answer.body).not.toContain(API_KEY);
      }
      const row = await t.database.db
        .selectFrom('webhooks')
        .select('headers')
        .where('id', '=', created.json().id)
        .executeTakeFirstOrThrow();
      expect(row.headers).not.toContain('token-for-the-first-receiver');
      expect(row.headers).not.toContain(API_KEY);
      await call('POST', `${path}/test`);
      expect(first.requests.at(-1)?.headers).toMatchObject({ authorization: BEARER, 'x-api-key': API_KEY });
    });

    it('sends no credential header to another origin, and keeps them for another path', async () => {
      const { path } = await webhookWithCredentials();
      const samePlace = await call('PUT', path, {
        url: `${first.url}/other-path`,
        headers: { 'X-Space': 'Hall' },
      });
      expect(samePlace.json()).toMatchObject({
        headers: { 'X-Space': 'Hall' },
        credentialHeaders: ['Authorization', 'X-Api-Key'],
      });
      const moved = await call('PUT', path, { url: `${second.url}/hook` });
      expect(moved.json()).toMatchObject({ headers: { 'X-Space': 'Hall' }, credentialHeaders: [] });
      const before = second.requests.length;
      expect((await call('POST', `${path}/test`)).json().success).toBe(true);
      expect(second.requests.length).toBe(before + 1);
      const received = JSON.stringify(second.requests.at(-1));
      expect(received).not.toContain(BEARER);
      expect(received).not.toContain(API_KEY);
      expect(second.requests.at(-1)?.headers['x-space']).toBe('Hall');
    });

    it('keeps a credential header given again with the new origin, and removes one given empty', async () => {
      const { path } = await webhookWithCredentials();
      const moved = await call('PUT', path, {
        url: `${second.url}/hook`,
        headers: { Authorization: 'Bearer for-the-second', 'X-Space': 'Lab' },
      });
      expect(moved.json().credentialHeaders).toEqual(['Authorization']);
      await call('POST', `${path}/test`);
      expect(second.requests.at(-1)?.headers.authorization).toBe('Bearer for-the-second');
      const removed = await call('PUT', path, { headers: { Authorization: '', 'X-Space': 'Lab' } });
      expect(removed.json().credentialHeaders).toEqual([]);
    });

    it('refuses a url with a user name or password with 400 and stores nothing', async () => {
      const resource = await resourceFixtures(t).resource(manager);
      const path = `/api/resources/${resource.id}/webhooks`;
      for (const url of [
        `http://user:pass@127.0.0.1:${first.port}/hook`,
        `http://user@127.0.0.1:${first.port}/`,
      ]) {
        const response = await call('POST', path, { name: 'Inline', url });
        expect(response.statusCode).toBe(400);
        expect(response.json().errors.url).toEqual([WebhookMessages.credentialsInUrl]);
        expect(response.body).not.toContain('pass@');
      }
      expect((await call('GET', path)).json()).toEqual([]);
    });
  });

  describe('an SSO provider', () => {
    const config = {
      issuer: 'https://sso.example.net/realms/lab',
      authorizationURL: 'https://sso.example.net/auth',
      tokenURL: 'https://sso.example.net/token',
      userInfoURL: 'https://sso.example.net/userinfo',
      clientId: 'toolpass',
    };
    const sealedSecret = async (id: number) =>
      (
        await t.database.db
          .selectFrom('sso_providers')
          .select(['client_secret_sealed', 'token_url'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).client_secret_sealed;

    it('refuses a changed address without the client secret, and changes nothing', async () => {
      const created = await call('POST', '/api/auth/sso/providers', {
        name: 'Keycloak',
        type: 'OIDC',
        oidcConfiguration: { ...config, clientSecret: 'first-secret' },
      });
      const id = created.json().id;
      const before = await sealedSecret(id);
      const refused = await call('PUT', `/api/auth/sso/providers/${id}`, {
        oidcConfiguration: { tokenURL: 'https://elsewhere.example.net/token' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: SsoMessages.clientSecretForNewAddress,
        errors: { 'oidcConfiguration.clientSecret': [SsoMessages.clientSecretForNewAddress] },
      });
      const unchanged = await call('GET', `/api/auth/sso/providers/${id}`);
      expect(unchanged.json().oidcConfiguration.tokenURL).toBe(config.tokenURL);
      expect(await sealedSecret(id)).toBe(before);

      const same = await call('PUT', `/api/auth/sso/providers/${id}`, {
        name: 'Renamed',
        oidcConfiguration: { ...config },
      });
      expect(same.statusCode).toBe(200);
      const moved = await call('PUT', `/api/auth/sso/providers/${id}`, {
        oidcConfiguration: { tokenURL: 'https://elsewhere.example.net/token', clientSecret: 'second-secret' },
      });
      expect(moved.statusCode).toBe(200);
      expect(t.services.secretBox('sso-client-secret').open(await sealedSecret(id))).toBe('second-secret');
    });
  });
});
