import { Writable } from 'node:stream';
import { Messages } from '@toolpass/contracts';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../../platform/logging/logger.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import {
  hasValidSignature,
  type ReceivedRequest,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../test/webhook-receiver.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;
type DeliveryLogEntry = {
  id: number;
  eventType: string;
  status: string;
  attempts: number;
  lastError: string | null;
};

/** Waits long enough for a delivery that should not happen to have happened. */
const quietPeriod = () => new Promise((resolve) => setTimeout(resolve, 400));

describe.each(TEST_DIALECTS)('webhook deliveries on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Actor;
  let logText = '';
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    // Every log line of the app, down to debug, to check that no secret is ever written.
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logText += chunk.toString();
        done();
      },
    });
    t = await buildTestApp(dialect, {
      logger: pino({ level: 'debug', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink),
    });
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(() => t?.close());

  async function receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
    const started = await startWebhookReceiver(options);
    receivers.push(started);
    return started;
  }

  async function webhook(resourceId: number, url: string, fields: object = {}) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${resourceId}/webhooks`,
      headers: manager.auth,
      payload: { name: 'Relay', url, ...fields },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; secret: string }>();
  }

  async function deliveries(resourceId: number, id: number): Promise<DeliveryLogEntry[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resourceId}/webhooks/${id}/deliveries`,
      headers: manager.auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  }

  /** Waits until every delivery of the webhook has finished, and answers its log. */
  async function settled(resourceId: number, id: number, count: number) {
    await expect
      .poll(
        async () => (await deliveries(resourceId, id)).filter((entry) => entry.status !== 'pending').length,
        {
          timeout: 8_000,
        },
      )
      .toBe(count);
    return deliveries(resourceId, id);
  }

  const statusOf = (request: ReceivedRequest | undefined) => JSON.parse(request?.body ?? '{}').status;

  it('signs each delivery with the secret; after regenerate-secret only the new one verifies', async () => {
    const at = await receiver();
    const resource = await given.resource(manager);
    const created = await webhook(resource.id, at.url, { headers: { 'X-Api-Key': 'key-1' } });
    expect((await given.start(manager, resource.id)).statusCode).toBe(201);
    const [first] = await at.waitFor(1);
    if (!first) throw new Error('no request');
    expect(first.method).toBe('POST');
    expect(first.headers).toMatchObject({ 'content-type': 'application/json', 'x-api-key': 'key-1' });
    expect(Number(first.headers['x-webhook-timestamp'])).toBeGreaterThan(Date.now() - 60_000);
    expect(hasValidSignature(first, created.secret)).toBe(true);
    const [logged] = await settled(resource.id, created.id, 1);
    expect(first.headers['x-webhook-id']).toBe(String(logged?.id));

    const regenerated = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${resource.id}/webhooks/${created.id}/regenerate-secret`,
      headers: manager.auth,
    });
    const { secret } = regenerated.json<{ secret: string }>();
    expect((await given.end(manager, resource.id)).statusCode).toBe(200);
    const second = (await at.waitFor(2))[1];
    if (!second) throw new Error('no request');
    expect(hasValidSignature(second, secret)).toBe(true);
    expect(hasValidSignature(second, created.secret)).toBe(false);
    // A body changed on the way no longer verifies.
    expect(hasValidSignature({ ...second, body: `${second.body} ` }, secret)).toBe(false);
  });

  it('writes failed deliveries, tests and new secrets to the log without the secret', async () => {
    const at = await receiver({ answer: () => ({ status: 500 }) });
    const resource = await given.resource(manager);
    const created = await webhook(resource.id, at.url);
    const base = `/api/resources/${resource.id}/webhooks/${created.id}`;
    await given.start(manager, resource.id);
    const [failed] = await settled(resource.id, created.id, 1);
    await t.app.inject({ method: 'POST', url: `${base}/test`, headers: manager.auth });
    const renewed = await t.app.inject({
      method: 'POST',
      url: `${base}/regenerate-secret`,
      headers: manager.auth,
    });
    expect(logText).toMatch(new RegExp(`"jobId":${failed?.id}[^\n]*A delivery failed for good`));
    for (const secret of [created.secret, renewed.json().secret]) {
      expect(logText).not.toContain(secret);
      expect(logText).not.toContain(secret.slice(6));
    }
  });

  it('puts the signature in the configured header', async () => {
    const at = await receiver();
    const resource = await given.resource(manager);
    const created = await webhook(resource.id, at.url, { signatureHeader: 'X-Hub-Signature' });
    await given.start(manager, resource.id);
    const [request] = await at.waitFor(1);
    if (!request) throw new Error('no request');
    expect(request.headers['x-webhook-signature']).toBeUndefined();
    expect(hasValidSignature(request, created.secret, 'X-Hub-Signature')).toBe(true);
  });

  it('fills the templates of start, takeover and end with the resource, the time and the users', async () => {
    const at = await receiver();
    const resource = await given.resource(manager, { name: 'Laser "L1"', allowTakeOver: true });
    const member = await t.given.member();
    await given.introduce(manager, resource.id, member.id);
    const user = (prefix: string) =>
      `{"id":{{${prefix}.id}},"name":"{{${prefix}.username}}","ext":"{{${prefix}.externalIdentifier}}"}`;
    await webhook(resource.id, at.url, {
      sendOnTakeover: true,
      inUseTemplate: `{"on":{{id}},"name":"{{name}}","at":"{{timestamp}}","user":${user('user')}}`,
      notInUseTemplate: `{"off":{{id}},"at":"{{timestamp}}","user":${user('user')}}`,
      takeoverTemplate: `{"swap":{{id}},"user":${user('user')},"previous":${user('previousUser')}}`,
    });
    const started = await given.start(manager, resource.id);
    expect(started.statusCode).toBe(201);
    expect((await given.start(member, resource.id, { forceTakeOver: true })).statusCode).toBe(201);
    const ended = await given.end(member, resource.id);
    expect(ended.statusCode).toBe(200);
    const bodies = (await at.waitFor(3)).map((request) => JSON.parse(request.body));
    expect(bodies).toEqual([
      {
        on: resource.id,
        name: 'Laser "L1"',
        at: started.json().startTime,
        user: { id: manager.id, name: manager.username, ext: '' },
      },
      {
        swap: resource.id,
        user: { id: member.id, name: member.username, ext: '' },
        previous: { id: manager.id, name: manager.username, ext: '' },
      },
      { off: resource.id, at: ended.json().endTime, user: { id: member.id, name: member.username, ext: '' } },
    ]);
  });

  it('sends each webhook only the events its flags let through', async () => {
    const at = await receiver();
    const resource = await given.resource(manager, { allowTakeOver: true });
    const member = await t.given.member();
    await given.introduce(manager, resource.id, member.id);
    const flags = { sendOnStart: false, sendOnStop: false, sendOnTakeover: false };
    await webhook(resource.id, `${at.url}/start`, { ...flags, sendOnStart: true });
    await webhook(resource.id, `${at.url}/stop`, { ...flags, sendOnStop: true });
    await webhook(resource.id, `${at.url}/takeover`, { ...flags, sendOnTakeover: true });
    // The defaults: start and stop, no takeover.
    await webhook(resource.id, `${at.url}/default`);
    await given.start(manager, resource.id);
    await given.start(member, resource.id, { forceTakeOver: true });
    await given.end(member, resource.id);
    await at.waitFor(5);
    await quietPeriod();
    const seen = at.requests.map((request) => `${request.path} ${statusOf(request)}`).sort();
    expect(seen).toEqual(
      [
        '/start in_use',
        '/stop not_in_use',
        '/takeover taken_over',
        '/default in_use',
        '/default not_in_use',
      ].sort(),
    );
  });

  it('sends nothing for an inactive webhook, one switched off, or one switched off while its delivery waited', async () => {
    const at = await receiver();
    const resource = await given.resource(manager);
    await webhook(resource.id, `${at.url}/inactive`, { active: false });
    const switched = await webhook(resource.id, `${at.url}/switched`);
    const statusUrl = `/api/resources/${resource.id}/webhooks/${switched.id}/status`;
    await t.app.inject({ method: 'PUT', url: statusUrl, headers: manager.auth, payload: { active: false } });
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);

    const waiting = await webhook(resource.id, `${at.url}/waiting`);
    await t.services.jobRunner.stop();
    await given.start(manager, resource.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${resource.id}/webhooks/${waiting.id}/status`,
      headers: manager.auth,
      payload: { active: false },
    });
    t.services.jobRunner.start();
    // The job was written while the webhook was active, and ends without a request.
    const log = await settled(resource.id, waiting.id, 1);
    expect(log).toMatchObject([{ eventType: 'usage.started', status: 'done' }]);
    await quietPeriod();
    expect(at.requests).toEqual([]);
    expect(await deliveries(resource.id, switched.id)).toEqual([]);
  });

  it('retries a failing receiver exactly maxRetries times when retries are enabled, and logs the failure', async () => {
    const at = await receiver({ answer: () => ({ status: 500 }) });
    const resource = await given.resource(manager);
    const created = await webhook(resource.id, at.url, {
      retryEnabled: true,
      maxRetries: 3,
      retryDelay: 100,
    });
    await given.start(manager, resource.id);
    const log = await settled(resource.id, created.id, 1);
    expect(log).toMatchObject([
      { eventType: 'usage.started', status: 'failed', attempts: 4, lastError: 'HTTP 500' },
    ]);
    await quietPeriod();
    expect(at.requests).toHaveLength(4);
    // Every attempt is the same delivery.
    expect(new Set(at.requests.map((request) => request.headers['x-webhook-id']))).toEqual(
      new Set([String(log[0]?.id)]),
    );
    const times = at.requests.map((request) => request.receivedAt);
    for (let index = 1; index < times.length; index += 1) {
      expect((times[index] ?? 0) - (times[index - 1] ?? 0)).toBeGreaterThanOrEqual(90);
    }
  });

  it('tries exactly once without retries', async () => {
    const at = await receiver({ answer: () => ({ status: 500 }) });
    const resource = await given.resource(manager);
    const created = await webhook(resource.id, at.url, { maxRetries: 10, retryDelay: 100 });
    await given.start(manager, resource.id);
    const log = await settled(resource.id, created.id, 1);
    expect(log).toMatchObject([{ status: 'failed', attempts: 1, lastError: 'HTTP 500' }]);
    await quietPeriod();
    expect(at.requests).toHaveLength(1);
  });

  it('logs a receiver that is down with the network error', async () => {
    const gone = await startWebhookReceiver();
    await gone.close();
    const resource = await given.resource(manager);
    const created = await webhook(resource.id, gone.url);
    await given.start(manager, resource.id);
    const [entry] = await settled(resource.id, created.id, 1);
    expect(entry).toMatchObject({ status: 'failed', attempts: 1 });
    // The system's words ("connect ECONNREFUSED 127.0.0.1:…") stay out of what managers read.
    expect(entry?.lastError).toBe(Messages.couldNotConnect);
  });

  it('keeps started, ended, started in order at a receiver that failed the first attempt', async () => {
    const at = await receiver({ answer: (index) => ({ status: index === 0 ? 500 : 200 }) });
    const resource = await given.resource(manager);
    const created = await webhook(resource.id, at.url, {
      retryEnabled: true,
      maxRetries: 3,
      retryDelay: 300,
    });
    // All three commit while the first waits for its retry.
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    await given.start(manager, resource.id);
    await at.waitFor(4);
    expect(at.requests.map(statusOf)).toEqual(['in_use', 'in_use', 'not_in_use', 'in_use']);
    expect(at.requests[0]?.headers['x-webhook-id']).toBe(at.requests[1]?.headers['x-webhook-id']);
    const log = await settled(resource.id, created.id, 3);
    expect(log.map((entry) => [entry.eventType, entry.status, entry.attempts])).toEqual([
      ['usage.started', 'done', 1],
      ['usage.ended', 'done', 1],
      ['usage.started', 'done', 2],
    ]);
    await quietPeriod();
    expect(at.requests).toHaveLength(4);
  });

  it('delivers the events of each resource to its own webhooks only', async () => {
    const at = await receiver();
    const one = await given.resource(manager);
    const two = await given.resource(manager);
    await webhook(one.id, `${at.url}/one`);
    await webhook(two.id, `${at.url}/two`);
    await given.start(manager, two.id);
    const [request] = await at.waitFor(1);
    expect(request?.path).toBe('/two');
    expect(JSON.parse(request?.body ?? '{}').resourceId).toBe(two.id);
    await quietPeriod();
    expect(at.requests).toHaveLength(1);
  });
});
