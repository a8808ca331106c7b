import {
  DEFAULT_WEBHOOK_TEMPLATES,
  Messages,
  ResourceMessages,
  WEBHOOK_SECRET_PATTERN,
  WebhookMessages,
} from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import {
  hasValidSignature,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/webhook-receiver.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(TEST_DIALECTS)('webhooks on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Actor;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  /** A call as the manager, as `actor`, or signed out (null). */
  const call = (method: Method, url: string, payload?: unknown, actor: Actor | null = manager) =>
    t.app.inject({
      method,
      url,
      ...(actor ? { headers: actor.auth } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function newWebhook(resourceId: number, fields: object = {}) {
    const response = await call('POST', `/api/resources/${resourceId}/webhooks`, {
      name: 'Door display',
      url: `${receiver.url}/hook`,
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  const webhookCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('webhooks')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );

  describe('POST /api/resources/{resourceId}/webhooks', () => {
    it('creates a webhook with the defaults of spec 02 §3 and answers its new secret', async () => {
      const resource = await given.resource(manager);
      const response = await call('POST', `/api/resources/${resource.id}/webhooks`, {
        name: 'Door display',
        url: 'https://example.org/hooks/door',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        resourceId: resource.id,
        name: 'Door display',
        url: 'https://example.org/hooks/door',
        method: 'POST',
        headers: {},
        credentialHeaders: [],
        inUseTemplate: DEFAULT_WEBHOOK_TEMPLATES.inUse,
        notInUseTemplate: DEFAULT_WEBHOOK_TEMPLATES.notInUse,
        takeoverTemplate: DEFAULT_WEBHOOK_TEMPLATES.takeover,
        active: true,
        sendOnStart: true,
        sendOnStop: true,
        sendOnTakeover: false,
        sendOnBooking: false,
        retryEnabled: false,
        maxRetries: 3,
        retryDelay: 1000,
        signatureHeader: 'X-Webhook-Signature',
        secret: expect.stringMatching(WEBHOOK_SECRET_PATTERN),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
    });

    it('stores every field as given, with the headers as an object or as their JSON text', async () => {
      const resource = await given.resource(manager);
      const fields = {
        name: 'Relay',
        url: 'http://relay.local:8080/api?x=1',
        method: 'PUT',
        headers: { Authorization: 'Bearer abc', 'X-Space': 'Makerspace' },
        inUseTemplate: 'on {{id}}',
        notInUseTemplate: 'off {{id}}',
        takeoverTemplate: 'swap {{previousUser.username}}',
        active: false,
        sendOnStart: false,
        sendOnStop: false,
        sendOnTakeover: true,
        sendOnBooking: true,
        retryEnabled: true,
        maxRetries: 10,
        retryDelay: 10_000,
        signatureHeader: 'X-Signature',
      };
      // A credential header is write-only: named in credentialHeaders, its value never answered.
      const shown = { ...fields, headers: { 'X-Space': 'Makerspace' }, credentialHeaders: ['Authorization'] };
      const created = await newWebhook(resource.id, fields);
      expect(created).toMatchObject(shown);
      const fromText = await newWebhook(resource.id, { headers: '{"X-Space":"Lab"}' });
      expect(fromText.headers).toEqual({ 'X-Space': 'Lab' });
      expect(
        (await call('GET', `/api/resources/${resource.id}/webhooks/${created.id}`)).json(),
      ).toMatchObject(shown);
    });

    it.each([
      ['a url that does not parse', { url: 'not a url' }],
      ['the url of a new form', { url: 'https://' }],
      ['a url that is not http or https', { url: 'ftp://example.org/hook' }],
      ['no url', { url: undefined }],
      ['no name', { name: '   ' }],
      ['headers that are not JSON', { headers: '{"X-Api-Key": ' }],
      ['headers that are a JSON array', { headers: '["a"]' }],
      ['headers that are a list', { headers: ['a'] }],
      ['headers with a number value', { headers: { 'X-Count': 3 } }],
      ['an unknown method', { method: 'HEAD' }],
      ['no retries', { maxRetries: 0 }],
      ['too many retries', { maxRetries: 11 }],
      ['too short a retry delay', { retryDelay: 99 }],
      ['too long a retry delay', { retryDelay: 10_001 }],
      ['a retry delay between steps of 100', { retryDelay: 150 }],
      ['a flag that is not a boolean', { sendOnStart: 'yes' }],
      ['a signature header that is no header name', { signatureHeader: 'X Signature' }],
    ])('refuses %s with 400 "Invalid input" and stores nothing', async (_case, fields) => {
      const resource = await given.resource(manager);
      const before = await webhookCount();
      const response = await call('POST', `/api/resources/${resource.id}/webhooks`, {
        name: 'Hook',
        url: 'https://example.org/hook',
        ...fields,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: WebhookMessages.invalidInput });
      expect(await webhookCount()).toBe(before);
    });

    it('names the refused field', async () => {
      const resource = await given.resource(manager);
      const response = await call('POST', `/api/resources/${resource.id}/webhooks`, {
        name: 'Hook',
        url: 'nope',
      });
      expect(response.json()).toMatchObject({
        message: WebhookMessages.invalidInput,
        errors: { url: ['Please enter a valid URL.'] },
        issues: [{ field: 'url', code: 'custom' }],
      });
    });

    it('refuses a body that is not JSON with 400 "Invalid input"', async () => {
      const resource = await given.resource(manager);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/resources/${resource.id}/webhooks`,
        headers: { ...manager.auth, 'content-type': 'application/json' },
        payload: '{"name": "Hook", ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(WebhookMessages.invalidInput);
    });

    it('answers 404 "Webhook configuration not found" for a missing resource', async () => {
      const response = await call('POST', '/api/resources/999999/webhooks', {
        name: 'Hook',
        url: 'https://example.org/hook',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WebhookMessages.notFound);
    });
  });

  describe('GET /api/resources/{resourceId}/webhooks and /{id}', () => {
    it('lists the webhooks of one resource, oldest first, without secrets', async () => {
      const resource = await given.resource(manager);
      const other = await given.resource(manager);
      const first = await newWebhook(resource.id, { name: 'First' });
      const second = await newWebhook(resource.id, { name: 'Second' });
      await newWebhook(other.id, { name: 'Elsewhere' });
      const response = await call('GET', `/api/resources/${resource.id}/webhooks`);
      expect(response.statusCode).toBe(200);
      expect(response.json().map((webhook: { name: string }) => webhook.name)).toEqual(['First', 'Second']);
      for (const secret of [first.secret, second.secret]) expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain('secret');
    });

    it('lists nothing for a resource without webhooks, and 404 for a missing resource', async () => {
      const resource = await given.resource(manager);
      expect((await call('GET', `/api/resources/${resource.id}/webhooks`)).json()).toEqual([]);
      const missing = await call('GET', '/api/resources/999999/webhooks');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(WebhookMessages.notFound);
    });

    it('answers one webhook without its secret, and 404 for another resource or a missing id', async () => {
      const resource = await given.resource(manager);
      const other = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      const response = await call('GET', `/api/resources/${resource.id}/webhooks/${webhook.id}`);
      expect(response.statusCode).toBe(200);
      const { secret, ...shown } = webhook;
      expect(response.json()).toEqual(shown);
      expect(response.body).not.toContain(secret);
      for (const url of [
        `/api/resources/${other.id}/webhooks/${webhook.id}`,
        `/api/resources/${resource.id}/webhooks/999999`,
        `/api/resources/999999/webhooks/${webhook.id}`,
      ]) {
        const missing = await call('GET', url);
        expect(missing.statusCode, url).toBe(404);
        expect(missing.json().message).toBe(WebhookMessages.notFound);
      }
    });
  });

  describe('PUT /api/resources/{resourceId}/webhooks/{id}', () => {
    it('changes the fields given, keeps the others and the secret, and answers without the secret', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id, { headers: { 'X-Old': '1' } });
      const response = await call('PUT', `/api/resources/${resource.id}/webhooks/${webhook.id}`, {
        name: 'Renamed',
        method: 'PATCH',
        headers: '{"X-New":"2"}',
        retryEnabled: true,
        maxRetries: 5,
        retryDelay: 200,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        name: 'Renamed',
        method: 'PATCH',
        headers: { 'X-New': '2' },
        retryEnabled: true,
        maxRetries: 5,
        retryDelay: 200,
        url: webhook.url,
        inUseTemplate: webhook.inUseTemplate,
        sendOnStart: true,
      });
      expect(response.body).not.toContain(webhook.secret);
      expect(response.body).not.toContain('secret');
      const stored = await t.services.webhooks.forDelivery(webhook.id);
      expect(stored?.secret).toBe(webhook.secret);
    });

    it('refuses an invalid url or headers with 400 "Invalid input" and changes nothing', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      for (const body of [
        { url: 'javascript:alert(1)' },
        { headers: 'not json' },
        { headers: '[]' },
        { name: 'Fine', url: 'http//missing-colon' },
        { active: 'true' },
      ]) {
        const response = await call('PUT', `/api/resources/${resource.id}/webhooks/${webhook.id}`, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toBe(WebhookMessages.invalidInput);
      }
      const { secret: _secret, ...unchanged } = webhook;
      expect((await call('GET', `/api/resources/${resource.id}/webhooks/${webhook.id}`)).json()).toEqual(
        unchanged,
      );
    });

    it('answers 404 "Webhook configuration not found" for a webhook of another resource', async () => {
      const resource = await given.resource(manager);
      const other = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      const response = await call('PUT', `/api/resources/${other.id}/webhooks/${webhook.id}`, { name: 'X' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WebhookMessages.notFound);
      expect((await call('GET', `/api/resources/${resource.id}/webhooks/${webhook.id}`)).json().name).toBe(
        webhook.name,
      );
    });
  });

  describe('PUT /api/resources/{resourceId}/webhooks/{id}/status', () => {
    it('switches a webhook off and on', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      const url = `/api/resources/${resource.id}/webhooks/${webhook.id}/status`;
      const off = await call('PUT', url, { active: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ id: webhook.id, active: false });
      expect(off.body).not.toContain('secret');
      expect((await call('PUT', url, { active: true })).json().active).toBe(true);
    });

    it.each([[{}], [{ active: 'false' }], [{ active: 1 }], [{ active: null }]])(
      'refuses %j with 400 "Invalid input"',
      async (body) => {
        const resource = await given.resource(manager);
        const webhook = await newWebhook(resource.id);
        const response = await call(
          'PUT',
          `/api/resources/${resource.id}/webhooks/${webhook.id}/status`,
          body,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(WebhookMessages.invalidInput);
      },
    );

    it('answers 404 for a missing webhook', async () => {
      const resource = await given.resource(manager);
      const response = await call('PUT', `/api/resources/${resource.id}/webhooks/999999/status`, {
        active: false,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WebhookMessages.notFound);
    });
  });

  describe('DELETE /api/resources/{resourceId}/webhooks/{id}', () => {
    it('deletes a webhook; a second delete is 404', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      const url = `/api/resources/${resource.id}/webhooks/${webhook.id}`;
      expect((await call('DELETE', url)).statusCode).toBe(200);
      expect((await call('GET', url)).statusCode).toBe(404);
      const again = await call('DELETE', url);
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe(WebhookMessages.notFound);
    });

    it('goes with its resource', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      expect((await call('DELETE', `/api/resources/${resource.id}`)).statusCode).toBe(200);
      expect(await t.services.webhooks.forDelivery(webhook.id)).toBeUndefined();
    });
  });

  describe('POST /api/resources/{resourceId}/webhooks/{id}/regenerate-secret', () => {
    it('answers the webhook with a new secret, which replaces the old one', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      const response = await call(
        'POST',
        `/api/resources/${resource.id}/webhooks/${webhook.id}/regenerate-secret`,
      );
      expect(response.statusCode).toBe(200);
      const renewed = response.json();
      expect(renewed).toMatchObject({ id: webhook.id, name: webhook.name });
      expect(renewed.secret).toMatch(WEBHOOK_SECRET_PATTERN);
      expect(renewed.secret).not.toBe(webhook.secret);
      expect((await t.services.webhooks.forDelivery(webhook.id))?.secret).toBe(renewed.secret);
    });

    it('answers 404 for a missing webhook', async () => {
      const resource = await given.resource(manager);
      const response = await call('POST', `/api/resources/${resource.id}/webhooks/999999/regenerate-secret`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WebhookMessages.notFound);
    });
  });

  describe('the stored secret', () => {
    it('is kept only sealed in the database', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      const row = await t.database.db
        .selectFrom('webhooks')
        .selectAll()
        .where('id', '=', webhook.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(webhook.secret);
      expect(JSON.stringify(row)).not.toContain(webhook.secret.slice(6));
      expect(t.services.secretBox('webhook-secret').open(row.secret_sealed)).toBe(webhook.secret);
    });
  });

  describe('POST /api/resources/{resourceId}/webhooks/{id}/test', () => {
    it('sends one signed request with the in-use template filled from sample values', async () => {
      const resource = await given.resource(manager, { name: 'Laser "L1"' });
      const webhook = await newWebhook(resource.id, { headers: { 'X-Api-Key': 'k1' } });
      const before = receiver.requests.length;
      const response = await call('POST', `/api/resources/${resource.id}/webhooks/${webhook.id}/test`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Webhook answered HTTP 200' });
      expect(receiver.requests.length).toBe(before + 1);
      const request = receiver.requests.at(-1);
      if (!request) throw new Error('no request');
      expect(request).toMatchObject({ method: 'POST', path: '/hook' });
      expect(request.headers).toMatchObject({ 'content-type': 'application/json', 'x-api-key': 'k1' });
      expect(request.headers['x-webhook-id']).toMatch(/^test-/);
      expect(hasValidSignature(request, webhook.secret)).toBe(true);
      expect(JSON.parse(request.body)).toMatchObject({
        status: 'in_use',
        resourceId: resource.id,
        resourceName: 'Laser "L1"',
        user: { username: 'example-user', externalIdentifier: 'example-external-id' },
      });
    });

    it('tests an inactive webhook too', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id, { active: false });
      const response = await call('POST', `/api/resources/${resource.id}/webhooks/${webhook.id}/test`);
      expect(response.json().success).toBe(true);
    });

    it('reports a receiver that fails with its status, as success false', async () => {
      const failing = await startWebhookReceiver({ answer: () => ({ status: 503 }) });
      try {
        const resource = await given.resource(manager);
        const webhook = await newWebhook(resource.id, { url: failing.url });
        const response = await call('POST', `/api/resources/${resource.id}/webhooks/${webhook.id}/test`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ success: false, message: 'Webhook test failed: HTTP 503' });
        expect(failing.requests).toHaveLength(1);
      } finally {
        await failing.close();
      }
    });

    it('reports a receiver that is down as "could not connect", never the system error, as success false', async () => {
      const gone = await startWebhookReceiver();
      await gone.close();
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id, { url: `${gone.url}/hook` });
      const response = await call('POST', `/api/resources/${resource.id}/webhooks/${webhook.id}/test`);
      expect(response.statusCode).toBe(200);
      expect(response.json().success).toBe(false);
      expect(response.json()).toEqual({
        success: false,
        message: `Webhook test failed: ${Messages.couldNotConnect}`,
      });
    });

    it('does not follow a redirect', async () => {
      const redirecting = await startWebhookReceiver({ answer: () => ({ status: 302 }) });
      try {
        const resource = await given.resource(manager);
        const webhook = await newWebhook(resource.id, { url: redirecting.url });
        const response = await call('POST', `/api/resources/${resource.id}/webhooks/${webhook.id}/test`);
        expect(response.json()).toEqual({ success: false, message: 'Webhook test failed: HTTP 302' });
      } finally {
        await redirecting.close();
      }
    });

    it('sends a GET without a body', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id, { method: 'GET' });
      const before = receiver.requests.length;
      await call('POST', `/api/resources/${resource.id}/webhooks/${webhook.id}/test`);
      const request = receiver.requests[before];
      expect(request).toMatchObject({ method: 'GET', body: '' });
      expect(request?.headers['content-type']).toBeUndefined();
      if (request) expect(hasValidSignature(request, webhook.secret)).toBe(true);
    });

    it('answers 404 for a missing webhook', async () => {
      const resource = await given.resource(manager);
      const response = await call('POST', `/api/resources/${resource.id}/webhooks/999999/test`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(WebhookMessages.notFound);
    });

    // The timeout does not depend on the database; once is enough for ten seconds of waiting.
    if (dialect === 'sqlite')
      it('gives up on a receiver that does not answer within 10 s, as success false', {
        timeout: 20_000,
      }, async () => {
        const silent = await startWebhookReceiver({ answer: () => ({ status: 200, delayMs: 15_000 }) });
        try {
          const resource = await given.resource(manager);
          const webhook = await newWebhook(resource.id, { url: silent.url });
          const started = Date.now();
          const response = await call('POST', `/api/resources/${resource.id}/webhooks/${webhook.id}/test`);
          expect(Date.now() - started).toBeLessThan(11_500);
          expect(response.statusCode).toBe(200);
          expect(response.json()).toEqual({
            success: false,
            message: 'Webhook test failed: No answer within 10 s',
          });
        } finally {
          await silent.close();
        }
      });
  });

  describe('access', () => {
    const routes = (resourceId: number, id: number): [Method, string, unknown?][] => [
      ['GET', `/api/resources/${resourceId}/webhooks`],
      ['POST', `/api/resources/${resourceId}/webhooks`, { name: 'Hook', url: 'https://example.org/x' }],
      ['GET', `/api/resources/${resourceId}/webhooks/${id}`],
      ['PUT', `/api/resources/${resourceId}/webhooks/${id}`, { name: 'Renamed' }],
      ['PUT', `/api/resources/${resourceId}/webhooks/${id}/status`, { active: false }],
      ['POST', `/api/resources/${resourceId}/webhooks/${id}/test`],
      ['POST', `/api/resources/${resourceId}/webhooks/${id}/regenerate-secret`],
      ['GET', `/api/resources/${resourceId}/webhooks/${id}/deliveries`],
      ['DELETE', `/api/resources/${resourceId}/webhooks/${id}`],
    ];

    it('refuses members with 403 and signed-out callers with 401, and lets managers in', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      const member = await t.given.member();
      // An introducer of the resource is no manager either.
      const introducer = await t.given.member();
      await given.makeIntroducer(manager, resource.id, introducer.id);
      for (const [method, url, body] of routes(resource.id, webhook.id)) {
        for (const actor of [member, introducer]) {
          const refused = await call(method, url, body, actor);
          expect(refused.statusCode, `${method} ${url}`).toBe(403);
          expect(refused.json().message).toBe(ResourceMessages.forbiddenManageResources);
        }
        const anonymous = await call(method, url, body, null);
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.json().message).toBe(Messages.unauthorized);
      }
      expect((await call('GET', `/api/resources/${resource.id}/webhooks/${webhook.id}`)).json().name).toBe(
        webhook.name,
      );
      for (const [method, url, body] of routes(resource.id, webhook.id)) {
        const allowed = await call(method, url, body);
        expect(allowed.statusCode, `${method} ${url}`).toBeLessThan(300);
      }
    });

    it('answers the secret only to create and regenerate-secret', async () => {
      const resource = await given.resource(manager);
      const webhook = await newWebhook(resource.id);
      for (const [method, url, body] of routes(resource.id, webhook.id)) {
        if (url.endsWith('/regenerate-secret') || (method === 'POST' && url.endsWith('/webhooks'))) continue;
        const response = await call(method, url, body);
        expect(response.body, `${method} ${url}`).not.toContain('whsec_');
      }
    });
  });
});
