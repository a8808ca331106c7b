import { Messages, MqttMessages, ResourceMessages } from '@toolpass/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, unique } from '../../test/build-test-app.ts';
import { freePort } from '../../test/free-port.ts';
import { sharedBroker, subscribe, type TestBroker } from '../../test/mqtt-broker.ts';
import { mqttFixtures } from '../../test/mqtt-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('MQTT configurations on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let mqtt: ReturnType<typeof mqttFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  let member: Awaited<ReturnType<TestApp['given']['user']>>;
  let broker: TestBroker;
  let serverId: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    mqtt = mqttFixtures(t);
    manager = await t.given.user({ canManageResources: true });
    member = await t.given.member();
    broker = await sharedBroker();
    serverId = (await mqtt.server(manager, { host: broker.host, port: broker.port })).id;
  });
  afterAll(async () => {
    await t?.close();
    await broker?.close();
  });

  const call = (method: InjectOptions['method'], url: string, payload?: object, actor = manager) =>
    t.app.inject({ method, url, headers: actor.auth, ...(payload ? { payload } : {}) });
  const required = {
    name: 'Laser relay',
    inUseTopic: 'lab/{{id}}/power',
    inUseMessage: 'ON',
    notInUseTopic: 'lab/{{id}}/power',
    notInUseMessage: 'OFF',
  };

  describe('POST /api/resources/{resourceId}/mqtt/config', () => {
    it('creates a configuration with the takeover defaults of the specification', async () => {
      const resource = await given.resource(manager);
      const response = await call('POST', `/api/resources/${resource.id}/mqtt/config`, {
        ...required,
        serverId,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        resourceId: resource.id,
        serverId,
        ...required,
        takeoverTopic: null,
        takeoverMessage: null,
        onTakeoverSendStart: false,
        onTakeoverSendStop: false,
        onTakeoverSendTakeover: true,
      });
    });

    it('keeps takeover texts and flags as given, and empty takeover texts as none', async () => {
      const resource = await given.resource(manager);
      const given1 = await call('POST', `/api/resources/${resource.id}/mqtt/config`, {
        ...required,
        serverId,
        takeoverTopic: 'lab/{{id}}/takeover',
        takeoverMessage: '{{previousUser.username}} -> {{user.username}}',
        onTakeoverSendStart: true,
        onTakeoverSendStop: true,
        onTakeoverSendTakeover: false,
      });
      expect(given1.json()).toMatchObject({
        takeoverTopic: 'lab/{{id}}/takeover',
        takeoverMessage: '{{previousUser.username}} -> {{user.username}}',
        onTakeoverSendStart: true,
        onTakeoverSendStop: true,
        onTakeoverSendTakeover: false,
      });
      const empty = await call('POST', `/api/resources/${resource.id}/mqtt/config`, {
        ...required,
        serverId,
        takeoverTopic: '',
        takeoverMessage: '',
      });
      expect(empty.json()).toMatchObject({ takeoverTopic: null, takeoverMessage: null });
    });

    it('refuses a missing required field or a wildcard topic with 400 and writes nothing', async () => {
      const resource = await given.resource(manager);
      for (const field of Object.keys(required)) {
        const body: Record<string, unknown> = { ...required, serverId };
        delete body[field];
        const response = await call('POST', `/api/resources/${resource.id}/mqtt/config`, body);
        expect(response.statusCode, field).toBe(400);
        expect(response.json().message).toBe(Messages.invalidInput);
        expect(Object.keys(response.json().errors)).toContain(field);
      }
      const withoutServer = await call('POST', `/api/resources/${resource.id}/mqtt/config`, required);
      expect(withoutServer.statusCode).toBe(400);
      const wildcard = await call('POST', `/api/resources/${resource.id}/mqtt/config`, {
        ...required,
        serverId,
        inUseTopic: 'lab/+/power',
      });
      expect(wildcard.statusCode).toBe(400);
      expect(wildcard.json().errors.inUseTopic).toEqual([MqttMessages.topicWildcard]);
      expect((await call('GET', `/api/resources/${resource.id}/mqtt/config`)).json()).toEqual([]);
    });

    it("answers 404 'MQTT server not found' for a server that does not exist", async () => {
      const resource = await given.resource(manager);
      const response = await call('POST', `/api/resources/${resource.id}/mqtt/config`, {
        ...required,
        serverId: 999_999,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MqttMessages.serverNotFound);
      expect((await call('GET', `/api/resources/${resource.id}/mqtt/config`)).json()).toEqual([]);
    });

    it("answers 404 'Resource or MQTT configuration not found' for a resource that does not exist", async () => {
      const response = await call('POST', '/api/resources/999999/mqtt/config', { ...required, serverId });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MqttMessages.configurationNotFound);
    });
  });

  describe('GET, PUT and DELETE /api/resources/{resourceId}/mqtt/config/{configId}', () => {
    it('lists several configurations of a resource, oldest first, and answers each', async () => {
      const resource = await given.resource(manager);
      const other = await given.resource(manager);
      const first = await mqtt.configuration(manager, resource.id, serverId, { name: 'Power relay' });
      const second = await mqtt.configuration(manager, resource.id, serverId, { name: 'Door display' });
      await mqtt.configuration(manager, other.id, serverId, { name: 'Elsewhere' });
      const list = await call('GET', `/api/resources/${resource.id}/mqtt/config`);
      expect(list.statusCode).toBe(200);
      expect(list.json()).toEqual([first, second]);
      expect((await call('GET', `/api/resources/${resource.id}/mqtt/config/${second.id}`)).json()).toEqual(
        second,
      );
    });

    it('changes only the fields sent', async () => {
      const resource = await given.resource(manager);
      const configuration = await mqtt.configuration(manager, resource.id, serverId, {
        takeoverTopic: 'lab/takeover',
      });
      const response = await call('PUT', `/api/resources/${resource.id}/mqtt/config/${configuration.id}`, {
        name: 'Renamed',
        inUseMessage: '{"on":true}',
        onTakeoverSendStop: true,
        takeoverTopic: '',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        ...configuration,
        name: 'Renamed',
        inUseMessage: '{"on":true}',
        onTakeoverSendStop: true,
        takeoverTopic: null,
      });
    });

    it('moves a configuration to another server, but not to one that does not exist', async () => {
      const resource = await given.resource(manager);
      const configuration = await mqtt.configuration(manager, resource.id, serverId);
      const other = await mqtt.server(manager, { host: 'other.local', port: 1883 });
      const moved = await call('PUT', `/api/resources/${resource.id}/mqtt/config/${configuration.id}`, {
        serverId: other.id,
      });
      expect(moved.json().serverId).toBe(other.id);
      const refused = await call('PUT', `/api/resources/${resource.id}/mqtt/config/${configuration.id}`, {
        name: 'Not saved',
        serverId: 999_999,
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(MqttMessages.serverNotFound);
      expect(
        (await call('GET', `/api/resources/${resource.id}/mqtt/config/${configuration.id}`)).json(),
      ).toEqual(moved.json());
    });

    it('deletes a configuration', async () => {
      const resource = await given.resource(manager);
      const configuration = await mqtt.configuration(manager, resource.id, serverId);
      const deleted = await call('DELETE', `/api/resources/${resource.id}/mqtt/config/${configuration.id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await call('GET', `/api/resources/${resource.id}/mqtt/config`)).json()).toEqual([]);
    });

    it("answers 404 'Resource or MQTT configuration not found' for an unknown id, another resource's configuration or an unknown resource", async () => {
      const resource = await given.resource(manager);
      const other = await given.resource(manager);
      const configuration = await mqtt.configuration(manager, other.id, serverId);
      const urls = [
        `/api/resources/${resource.id}/mqtt/config/999999`,
        `/api/resources/${resource.id}/mqtt/config/${configuration.id}`,
        `/api/resources/999999/mqtt/config/${configuration.id}`,
      ];
      for (const url of urls) {
        for (const [method, suffix, payload] of [
          ['GET', '', undefined],
          ['PUT', '', { name: 'x' }],
          ['DELETE', '', undefined],
          ['POST', '/test', undefined],
          ['GET', '/deliveries', undefined],
        ] as const) {
          const response = await call(method, `${url}${suffix}`, payload);
          expect(response.statusCode, `${method} ${url}${suffix}`).toBe(404);
          expect(response.json().message).toBe(MqttMessages.configurationNotFound);
        }
      }
      const list = await call('GET', '/api/resources/999999/mqtt/config');
      expect(list.statusCode).toBe(404);
      expect(list.json().message).toBe(MqttMessages.configurationNotFound);
      expect((await call('GET', `/api/resources/${other.id}/mqtt/config`)).json()).toEqual([configuration]);
    });

    it('removes the configurations of a deleted resource, so their server can then be deleted', async () => {
      const resource = await given.resource(manager);
      const server = await mqtt.server(manager, { host: 'cascade.local', port: 1883 });
      await mqtt.configuration(manager, resource.id, server.id);
      expect((await call('DELETE', `/api/mqtt/servers/${server.id}`)).statusCode).toBe(409);
      expect((await call('DELETE', `/api/resources/${resource.id}`)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/mqtt/servers/${server.id}`)).statusCode).toBe(200);
    });
  });

  describe('POST /api/resources/{resourceId}/mqtt/config/{configId}/test', () => {
    it('publishes the in-use message with sample values to the filled-in topic', async () => {
      const prefix = unique('cfgtest');
      const resource = await given.resource(manager, { name: 'Laser "CO2"' });
      const configuration = await mqtt.configuration(manager, resource.id, serverId, {
        inUseTopic: `${prefix}/{{id}}/{{user.username}}`,
        inUseMessage: '{"resource":"{{name}}","user":"{{user.username}}","at":"{{timestamp}}"}',
      });
      const machine = await subscribe(broker, `${prefix}/#`);
      try {
        const response = await call(
          'POST',
          `/api/resources/${resource.id}/mqtt/config/${configuration.id}/test`,
        );
        expect(response.statusCode).toBe(200);
        const topic = `${prefix}/${resource.id}/example-user`;
        expect(response.json()).toEqual({
          success: true,
          message: `Published the in-use message to "${topic}"`,
        });
        await expect.poll(() => machine.messages.length).toBe(1);
        const [message] = machine.messages;
        expect(message?.topic).toBe(topic);
        expect(JSON.parse(message?.payload ?? '')).toEqual({
          resource: 'Laser "CO2"',
          user: 'example-user',
          at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        });
      } finally {
        await machine.close();
      }
    });

    it('answers success false with the reason when the broker cannot be reached', async () => {
      const resource = await given.resource(manager);
      const dead = await mqtt.server(manager, { host: '127.0.0.1', port: await freePort() });
      const configuration = await mqtt.configuration(manager, resource.id, dead.id);
      const began = Date.now();
      const response = await call(
        'POST',
        `/api/resources/${resource.id}/mqtt/config/${configuration.id}/test`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: false,
        message: expect.stringMatching(
          /^Could not publish to "toolpass-test\/in-use": Not connected to .*: Could not connect$/,
        ),
      });
      expect(Date.now() - began).toBeLessThan(6_000);
      const status = await call('GET', `/api/mqtt/servers/${dead.id}/status`);
      expect(status.json()).toMatchObject({ connected: false, messagesFailed: 1 });
    });

    it('answers success false for a topic that a value makes unpublishable', async () => {
      const resource = await given.resource(manager, { name: 'Laser #2' });
      const configuration = await mqtt.configuration(manager, resource.id, serverId, {
        inUseTopic: 'lab/{{name}}',
      });
      const response = await call(
        'POST',
        `/api/resources/${resource.id}/mqtt/config/${configuration.id}/test`,
      );
      expect(response.json()).toEqual({
        success: false,
        message: 'Cannot publish: the topic "lab/Laser #2" contains the wildcard + or #',
      });
    });
  });

  describe('GET /api/resources/{resourceId}/mqtt/config/{configId}/deliveries', () => {
    it('shows the deliveries of usage events to the configuration, newest first', async () => {
      const prefix = unique('log');
      const resource = await given.resource(manager);
      const configuration = await mqtt.configuration(manager, resource.id, serverId, { prefix });
      const url = `/api/resources/${resource.id}/mqtt/config/${configuration.id}/deliveries`;
      expect((await call('GET', url)).json()).toEqual([]);
      await given.start(manager, resource.id);
      await given.end(manager, resource.id);
      await expect
        .poll(async () => (await call('GET', url)).json().map((entry: { status: string }) => entry.status))
        .toEqual(['done', 'done']);
      expect((await call('GET', url)).json()).toEqual([
        expect.objectContaining({ eventType: 'usage.ended', status: 'done', attempts: 1, lastError: null }),
        expect.objectContaining({ eventType: 'usage.started', status: 'done', attempts: 1, lastError: null }),
      ]);
    });
  });

  describe('who may call', () => {
    it('lets resource managers in, refuses members with 403 and anonymous callers with 401', async () => {
      const resource = await given.resource(manager);
      const configuration = await mqtt.configuration(manager, resource.id, serverId, {
        prefix: unique('perm'),
      });
      const base = `/api/resources/${resource.id}/mqtt/config`;
      const routes: [InjectOptions['method'], string, object?][] = [
        ['GET', base],
        ['POST', base, { ...required, serverId }],
        ['GET', `${base}/${configuration.id}`],
        ['PUT', `${base}/${configuration.id}`, { name: 'Renamed' }],
        ['POST', `${base}/${configuration.id}/test`],
        ['GET', `${base}/${configuration.id}/deliveries`],
        ['DELETE', `${base}/${configuration.id}`],
      ];
      for (const [method, url, payload] of routes) {
        const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
        expect(anonymous.json().message).toBe(Messages.unauthorized);
        const forbidden = await call(method, url, payload, member);
        expect(forbidden.statusCode, `${method} ${url}`).toBe(403);
        expect(forbidden.json().message).toBe(ResourceMessages.forbiddenManageResources);
      }
      for (const [method, url, payload] of routes) {
        expect((await call(method, url, payload)).statusCode, `${method} ${url}`).toBeLessThan(300);
      }
    });
  });
});
