import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { ErrorCodes, Messages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startRecordingListener } from '../../test/recording-listener.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { parseAllowedHosts } from './allowed-hosts.ts';
import type { Resolve } from './outbound-policy.ts';

/** A public address (example.com's); nothing here connects to it, names only resolve to it. */
const PUBLIC = '93.184.215.14';

/**
 * Host names of these tests and where they point now; a test moves one to show what a DNS answer
 * that changes after the save does. Every other name does not resolve.
 */
function movableNames() {
  const names = new Map<string, string>([['localhost', '127.0.0.1']]);
  const resolve: Resolve = async (name) => {
    const address = names.get(name);
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
    return [{ address, family: isIP(address) } satisfies LookupAddress];
  };
  return { names, resolve };
}

const LOOPBACK_FORMS = [
  '127.0.0.1',
  '2130706433',
  '0x7f.1',
  '127.1',
  '0177.0.0.1',
  '[::ffff:127.0.0.1]',
  '[::1]',
];
const PRIVATE_FORMS = ['10.1.2.3', '172.16.0.9', '192.168.1.20', '100.64.0.1', '[fd00::1]'];
const SPECIAL_FORMS = [
  '169.254.169.254',
  '[fe80::1]',
  '0.0.0.0',
  '224.0.0.1',
  '[::]',
  '[::ffff:169.254.169.254]',
];

describe.each(TEST_DIALECTS)('ALLOWED_INTEGRATION_HOSTS on %s', (dialect) => {
  describe('external (the default)', () => {
    let t: TestApp;
    let manager: Awaited<ReturnType<TestApp['given']['user']>>;
    let receiver: WebhookReceiver;
    const dns = movableNames();

    beforeAll(async () => {
      t = await buildTestApp(
        dialect,
        { resolveHost: dns.resolve },
        { allowedIntegrationHosts: parseAllowedHosts('external').hosts },
      );
      manager = await t.given.user({ canManageResources: true });
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await receiver.close();
      await t.close();
    });

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: manager.auth, ...(payload ? { payload } : {}) });

    function expectRefused(response: { statusCode: number; json(): unknown }, field: string) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: Messages.hostNotAllowed,
        errorCode: ErrorCodes.hostNotAllowed,
        errors: { [field]: [Messages.hostNotAllowed] },
      });
    }

    it.each([...LOOPBACK_FORMS, ...PRIVATE_FORMS, ...SPECIAL_FORMS, 'localhost'])(
      'refuses a webhook to %s with 400 naming the setting, and stores nothing',
      async (host) => {
        const resource = await resourceFixtures(t).resource(manager);
        const path = `/api/resources/${resource.id}/webhooks`;
        expectRefused(await call('POST', path, { name: 'Probe', url: `http://${host}:8080/hook` }), 'url');
        expect((await call('GET', path)).json()).toEqual([]);
      },
    );

    it('refuses a changed url the same way and keeps the webhook as it was', async () => {
      dns.names.set('hooks.example.net', PUBLIC);
      const resource = await resourceFixtures(t).resource(manager);
      const path = `/api/resources/${resource.id}/webhooks`;
      const created = await call('POST', path, { name: 'Relay', url: 'http://hooks.example.net/hook' });
      expect(created.statusCode).toBe(201);
      expectRefused(await call('PUT', `${path}/${created.json().id}`, { url: 'http://127.1/hook' }), 'url');
      expect((await call('GET', `${path}/${created.json().id}`)).json().url).toBe(
        'http://hooks.example.net/hook',
      );
    });

    it('refuses at the connection a name that moved to loopback after it was saved', async () => {
      dns.names.set('moving-hook.example.net', PUBLIC);
      const resource = await resourceFixtures(t).resource(manager);
      const path = `/api/resources/${resource.id}/webhooks`;
      const created = await call('POST', path, {
        name: 'Moving',
        url: `http://moving-hook.example.net:${receiver.port}/hook`,
      });
      expect(created.statusCode).toBe(201);
      dns.names.set('moving-hook.example.net', '127.0.0.1');
      const before = receiver.requests.length;
      const tested = await call('POST', `${path}/${created.json().id}/test`);
      expect(tested.json()).toEqual({
        success: false,
        message: `Webhook test failed: ${Messages.hostNotAllowed}`,
      });
      expect(receiver.requests.length).toBe(before);
    });

    it.each(['127.0.0.1', '10.0.0.5', '169.254.169.254', '::ffff:7f00:1', 'localhost', '1::2::3'])(
      'refuses an MQTT server on %s with 400 naming the setting',
      async (host) => {
        const response = await call('POST', '/api/mqtt/servers', { name: 'Probe', host, port: 1883 });
        expectRefused(response, 'host');
      },
    );

    it('never connects an MQTT server whose name moved to loopback, and its test says why', async () => {
      const listener = await startRecordingListener();
      try {
        dns.names.set('moving-broker.example.net', PUBLIC);
        const created = await call('POST', '/api/mqtt/servers', {
          name: 'Moving',
          host: 'moving-broker.example.net',
          port: listener.port,
          username: 'relay',
          password: 'broker-password-never-sent',
        });
        expect(created.statusCode).toBe(201);
        dns.names.set('moving-broker.example.net', '127.0.0.1');
        const tested = await call('POST', `/api/mqtt/servers/${created.json().id}/test`);
        expect(tested.json()).toEqual({
          success: false,
          message: `Could not connect to mqtt://moving-broker.example.net:${listener.port}: ${Messages.hostNotAllowed}`,
        });
        const status = await call('GET', `/api/mqtt/servers/${created.json().id}/status`);
        expect(status.json()).toMatchObject({ connected: false, lastError: Messages.hostNotAllowed });
        expect(listener.connections()).toBe(0);
      } finally {
        await listener.close();
      }
    });

    it.each([
      ['issuer', 'https://10.0.0.7/realms/lab'],
      ['authorizationURL', 'https://169.254.169.254/auth'],
      ['tokenURL', 'http://localhost:8080/token'],
      ['userInfoURL', 'https://[::ffff:127.0.0.1]/userinfo'],
    ])('refuses an SSO provider whose %s is %s', async (field, url) => {
      const oidcConfiguration = {
        issuer: 'https://sso.example.net/realms/lab',
        authorizationURL: 'https://sso.example.net/auth',
        tokenURL: 'https://sso.example.net/token',
        userInfoURL: 'https://sso.example.net/userinfo',
        clientId: 'toolpass',
        clientSecret: 'client-secret',
        [field]: url,
      };
      const admin = await t.given.administrator();
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sso/providers',
        headers: admin.auth,
        payload: { name: 'Probe', type: 'OIDC', oidcConfiguration },
      });
      expectRefused(response, `oidcConfiguration.${field}`);
    });

    it('fetches nothing from an SSO provider whose name moved to loopback', async () => {
      const listener = await startRecordingListener();
      try {
        dns.names.set('moving-idp.example.net', PUBLIC);
        const base = `https://moving-idp.example.net:${listener.port}/realms/lab`;
        const admin = await t.given.administrator();
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sso/providers',
          headers: admin.auth,
          payload: {
            name: 'Moving',
            type: 'OIDC',
            oidcConfiguration: {
              issuer: base,
              authorizationURL: `${base}/auth`,
              tokenURL: `${base}/token`,
              userInfoURL: `${base}/userinfo`,
              clientId: 'toolpass',
              clientSecret: 'client-secret-never-sent',
            },
          },
        });
        expect(created.statusCode).toBe(201);
        dns.names.set('moving-idp.example.net', '127.0.0.1');
        // Starting a sign-on fetches the discovery document first; the browser then goes to the
        // stored authorization address itself.
        const login = await t.app.inject({
          method: 'GET',
          url: `/api/auth/sso/OIDC/${created.json().id}/login`,
        });
        expect(login.statusCode).toBe(302);
        expect(listener.connections()).toBe(0);
      } finally {
        await listener.close();
      }
    });
    it('discovers no Keycloak realm at a refused address, named or spelled out', async () => {
      const listener = await startRecordingListener();
      try {
        const admin = await t.given.administrator();
        const discover = (host: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/sso/discovery',
            headers: admin.auth,
            payload: { host, realm: 'lab' },
          });
        expectRefused(await discover(`http://localhost:${listener.port}`), 'host');
        // A name is resolved when asked, so one that points at loopback is refused the same way.
        dns.names.set('moving-kc.example.net', '127.0.0.1');
        expectRefused(await discover(`https://moving-kc.example.net:${listener.port}`), 'host');
        expect(listener.connections()).toBe(0);
      } finally {
        await listener.close();
      }
    });
  });

  describe('loopback, private, a link-local CIDR and a host name', () => {
    let t: TestApp;
    let manager: Awaited<ReturnType<TestApp['given']['user']>>;
    let receiver: WebhookReceiver;
    const dns = movableNames();

    beforeAll(async () => {
      t = await buildTestApp(
        dialect,
        { resolveHost: dns.resolve },
        {
          allowedIntegrationHosts: parseAllowedHosts('loopback,private,169.254.0.0/16,relay.hall.lan').hosts,
        },
      );
      manager = await t.given.user({ canManageResources: true });
      receiver = await startWebhookReceiver();
    });
    afterAll(async () => {
      await receiver.close();
      await t.close();
    });

    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: manager.auth, ...(payload ? { payload } : {}) });

    it.each([...LOOPBACK_FORMS, ...PRIVATE_FORMS, '169.254.169.254', 'localhost'])(
      'accepts a webhook to %s',
      async (host) => {
        const resource = await resourceFixtures(t).resource(manager);
        const response = await call('POST', `/api/resources/${resource.id}/webhooks`, {
          name: 'Near',
          url: `http://${host}:8080/hook`,
        });
        expect(response.statusCode).toBe(201);
      },
    );

    it.each(['[fe80::1]', '0.0.0.0', '224.0.0.1', PUBLIC])('still refuses a webhook to %s', async (host) => {
      const resource = await resourceFixtures(t).resource(manager);
      const response = await call('POST', `/api/resources/${resource.id}/webhooks`, {
        name: 'Far',
        url: `http://${host}:8080/hook`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(Messages.hostNotAllowed);
    });

    it('delivers to loopback in another spelling and to a name that resolves to it', async () => {
      dns.names.set('node-red.hall.lan', '127.0.0.1');
      const resource = await resourceFixtures(t).resource(manager);
      const path = `/api/resources/${resource.id}/webhooks`;
      for (const url of [`http://127.1:${receiver.port}/a`, `http://node-red.hall.lan:${receiver.port}/b`]) {
        const created = await call('POST', path, { name: 'Near', url });
        expect(created.statusCode).toBe(201);
        const tested = await call('POST', `${path}/${created.json().id}/test`);
        expect(tested.json()).toEqual({ success: true, message: 'Webhook answered HTTP 200' });
      }
      expect(receiver.requests.map((request) => request.path)).toEqual(['/a', '/b']);
    });

    it('lets a listed host name through wherever it resolves, and no other name to a public address', async () => {
      dns.names.set('relay.hall.lan', PUBLIC);
      dns.names.set('elsewhere.example.net', PUBLIC);
      const resource = await resourceFixtures(t).resource(manager);
      const path = `/api/resources/${resource.id}/webhooks`;
      expect(
        (await call('POST', path, { name: 'Listed', url: 'https://relay.hall.lan/hook' })).statusCode,
      ).toBe(201);
      const other = await call('POST', path, { name: 'Other', url: 'https://elsewhere.example.net/hook' });
      expect(other.statusCode).toBe(400);
    });

    it('answers a test to a closed port with "could not connect", never the address and port', async () => {
      const listener = await startRecordingListener();
      const port = listener.port;
      await listener.close();
      const resource = await resourceFixtures(t).resource(manager);
      const path = `/api/resources/${resource.id}/webhooks`;
      const created = await call('POST', path, { name: 'Closed', url: `http://127.0.0.1:${port}/hook` });
      const tested = await call('POST', `${path}/${created.json().id}/test`);
      expect(tested.json()).toEqual({
        success: false,
        message: `Webhook test failed: ${Messages.couldNotConnect}`,
      });
      expect(tested.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\d{4,5}/);
    });
  });
});
