import net from 'node:net';
import { Writable } from 'node:stream';
import { Messages, MqttMessages, ResourceMessages } from '@toolpass/contracts';
import type { InjectOptions } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACTED_PATHS } from '../../platform/logging/logger.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { freePort } from '../../test/free-port.ts';
import { type OwnBroker, sharedBroker, startOwnBroker, type TestBroker } from '../../test/mqtt-broker.ts';
import { mqttFixtures } from '../../test/mqtt-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const PASSWORD = 'pa55-w0rd-never-shown';

describe.each(TEST_DIALECTS)('MQTT servers on %s', (dialect) => {
  let t: TestApp;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  let member: Awaited<ReturnType<TestApp['given']['user']>>;
  let broker: TestBroker;
  let guarded: OwnBroker;
  let mqtt: ReturnType<typeof mqttFixtures>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    mqtt = mqttFixtures(t);
    manager = await t.given.user({ canManageResources: true });
    member = await t.given.member();
    broker = await sharedBroker();
    // A broker that wants a user name and password, to see the stored password is the one used.
    guarded = await startOwnBroker({
      authenticate: (_client, username, password, done) =>
        done(null, username === 'relay' && password?.toString() === PASSWORD),
    });
  });
  afterAll(async () => {
    await t?.close();
    await broker?.close();
    await guarded?.close();
  });

  const call = (method: InjectOptions['method'], url: string, payload?: object, actor = manager) =>
    t.app.inject({ method, url, headers: actor.auth, ...(payload ? { payload } : {}) });
  const storedPassword = async (id: number) =>
    (
      await t.database.db
        .selectFrom('mqtt_servers')
        .select('password')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password;
  const passwordBox = () => t.services.secretBox('mqtt-password');

  describe('POST /api/mqtt/servers', () => {
    it('adds a server with the defaults of the specification', async () => {
      const response = await call('POST', '/api/mqtt/servers', {
        name: '  Hall broker ',
        host: 'broker.local',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        name: 'Hall broker',
        host: 'broker.local',
        port: 1883,
        clientId: null,
        username: null,
        hasPassword: false,
        useTls: false,
      });
    });

    it('stores the password sealed and answers only that one is stored', async () => {
      const response = await call('POST', '/api/mqtt/servers', {
        name: 'Secured',
        host: 'broker.hall.test',
        port: '8883',
        clientId: 'toolpass-hall',
        username: 'relay',
        password: PASSWORD,
        useTls: true,
      });
      expect(response.statusCode).toBe(201);
      expect(response.body).not.toContain(PASSWORD);
      const server = response.json();
      expect(server).toMatchObject({
        port: 8883,
        clientId: 'toolpass-hall',
        username: 'relay',
        hasPassword: true,
        useTls: true,
      });
      expect(server).not.toHaveProperty('password');
      const stored = await storedPassword(server.id);
      expect(stored).not.toContain(PASSWORD);
      expect(passwordBox().open(stored ?? '')).toBe(PASSWORD);
    });

    it('refuses a missing name or host, a port outside 1..65535 and a host with a scheme', async () => {
      const cases: [object, string][] = [
        [{ host: 'broker.local' }, 'name'],
        [{ name: 'No host' }, 'host'],
        [{ name: 'Zero', host: 'broker.local', port: 0 }, 'port'],
        [{ name: 'Big', host: 'broker.local', port: 65_536 }, 'port'],
        [{ name: 'Words', host: 'broker.local', port: 'eighty' }, 'port'],
        [{ name: 'Fraction', host: 'broker.local', port: 1883.5 }, 'port'],
        [{ name: 'Url', host: 'mqtt://broker.local:1883' }, 'host'],
        [{ name: 'TLS text', host: 'broker.local', useTls: 'yes' }, 'useTls'],
      ];
      const before = (await call('GET', '/api/mqtt/servers')).json().length;
      for (const [body, field] of cases) {
        const response = await call('POST', '/api/mqtt/servers', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message).toBe(Messages.invalidInput);
        expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
      }
      const schemeRefusal = await call('POST', '/api/mqtt/servers', { name: 'Url', host: 'mqtt://x' });
      expect(schemeRefusal.json().errors.host).toEqual([MqttMessages.hostInvalid]);
      expect((await call('GET', '/api/mqtt/servers')).json()).toHaveLength(before);
    });
  });

  describe('GET /api/mqtt/servers and /api/mqtt/servers/{id}', () => {
    it('lists servers by name and answers one, never with a password', async () => {
      const zulu = await mqtt.server(manager, {
        name: 'Zulu',
        host: 'z.local',
        port: 1883,
        password: PASSWORD,
      });
      const alpha = await mqtt.server(manager, { name: 'alpha', host: 'a.local', port: 1883 });
      const list = await call('GET', '/api/mqtt/servers');
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(PASSWORD);
      const names = list.json().map((server: { name: string }) => server.name);
      expect(names.indexOf('alpha')).toBeLessThan(names.indexOf('Zulu'));
      const one = await call('GET', `/api/mqtt/servers/${zulu.id}`);
      expect(one.json()).toEqual(zulu);
      expect(one.body).not.toContain(PASSWORD);
      expect((await call('GET', `/api/mqtt/servers/${alpha.id}`)).json().hasPassword).toBe(false);
    });

    it("answers 404 'MQTT server not found' for a server that does not exist", async () => {
      for (const [method, url] of [
        ['GET', '/api/mqtt/servers/999999'],
        ['PUT', '/api/mqtt/servers/999999'],
        ['DELETE', '/api/mqtt/servers/999999'],
        ['POST', '/api/mqtt/servers/999999/test'],
        ['GET', '/api/mqtt/servers/999999/status'],
      ] as const) {
        const response = await call(method, url, method === 'PUT' ? { name: 'x' } : undefined);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json().message).toBe(MqttMessages.serverNotFound);
      }
    });
  });

  describe('PUT /api/mqtt/servers/{id}', () => {
    it('keeps the stored password when none is sent, replaces it when one is, and clears it with null or empty', async () => {
      const server = await mqtt.server(manager, {
        host: 'p.local',
        port: 1883,
        username: 'relay',
        password: PASSWORD,
      });
      const sealed = await storedPassword(server.id);

      const renamed = await call('PUT', `/api/mqtt/servers/${server.id}`, { name: 'Renamed', port: 1883 });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        name: 'Renamed',
        port: 1883,
        host: 'p.local',
        username: 'relay',
        hasPassword: true,
      });
      expect(await storedPassword(server.id)).toBe(sealed);

      const replaced = await call('PUT', `/api/mqtt/servers/${server.id}`, { password: 'another-secret' });
      expect(replaced.body).not.toContain('another-secret');
      expect(passwordBox().open((await storedPassword(server.id)) ?? '')).toBe('another-secret');

      expect(
        (await call('PUT', `/api/mqtt/servers/${server.id}`, { password: null })).json().hasPassword,
      ).toBe(false);
      expect(await storedPassword(server.id)).toBeNull();

      await call('PUT', `/api/mqtt/servers/${server.id}`, { password: PASSWORD });
      expect((await call('PUT', `/api/mqtt/servers/${server.id}`, { password: '' })).json().hasPassword).toBe(
        false,
      );
      expect(await storedPassword(server.id)).toBeNull();
    });

    it('clears the client id and user name with null or empty, and refuses bad values without writing', async () => {
      const server = await mqtt.server(manager, {
        host: 'c.local',
        port: 1883,
        clientId: 'relay-1',
        username: 'relay',
      });
      const cleared = await call('PUT', `/api/mqtt/servers/${server.id}`, { clientId: '', username: null });
      expect(cleared.json()).toMatchObject({ clientId: null, username: null });
      const refused = await call('PUT', `/api/mqtt/servers/${server.id}`, { name: 'Kept?', port: 70_000 });
      expect(refused.statusCode).toBe(400);
      expect((await call('GET', `/api/mqtt/servers/${server.id}`)).json().name).toBe('Broker');
    });
  });

  describe('DELETE /api/mqtt/servers/{id}', () => {
    it('refuses with 409 while a configuration uses the server, and deletes it once none does', async () => {
      const given = resourceFixtures(t);
      const resource = await given.resource(manager);
      const server = await mqtt.server(manager, { host: 'd.local', port: 1883 });
      const configuration = await mqtt.configuration(manager, resource.id, server.id);

      const refused = await call('DELETE', `/api/mqtt/servers/${server.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: MqttMessages.serverInUse,
        errorCode: 'MQTT_SERVER_IN_USE',
      });
      expect((await call('GET', `/api/mqtt/servers/${server.id}`)).statusCode).toBe(200);

      await call('DELETE', `/api/resources/${resource.id}/mqtt/config/${configuration.id}`);
      const deleted = await call('DELETE', `/api/mqtt/servers/${server.id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await call('GET', `/api/mqtt/servers/${server.id}`)).statusCode).toBe(404);
    });

    it('ends the connection of a deleted server', async () => {
      const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
      await expect
        .poll(async () => (await call('GET', `/api/mqtt/servers/${server.id}/status`)).json().connected)
        .toBe(true);
      expect(t.services.mqttConnections.has(server.id)).toBe(true);
      await call('DELETE', `/api/mqtt/servers/${server.id}`);
      expect(t.services.mqttConnections.has(server.id)).toBe(false);
    });
  });

  describe('POST /api/mqtt/servers/{id}/test', () => {
    it('connects to a live broker', async () => {
      const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
      const response = await call('POST', `/api/mqtt/servers/${server.id}/test`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        message: `Connected to mqtt://${broker.host}:${broker.port}`,
      });
    });

    it('answers success false at once for a port nobody listens on', async () => {
      const server = await mqtt.server(manager, { host: '127.0.0.1', port: await freePort() });
      const began = Date.now();
      const response = await call('POST', `/api/mqtt/servers/${server.id}/test`);
      expect(response.statusCode).toBe(200);
      // Never the system's words ("connect ECONNREFUSED 127.0.0.1:…"): a test is no port scanner.
      expect(response.json()).toEqual({
        success: false,
        message: `Could not connect to mqtt://127.0.0.1:${server.port}: ${Messages.couldNotConnect}`,
      });
      expect(Date.now() - began).toBeLessThan(3_000);
    });

    it('uses the stored user name and password, and says so when the broker refuses them', async () => {
      const server = await mqtt.server(manager, {
        host: guarded.host,
        port: guarded.port,
        username: 'relay',
        password: PASSWORD,
      });
      expect((await call('POST', `/api/mqtt/servers/${server.id}/test`)).json().success).toBe(true);
      await call('PUT', `/api/mqtt/servers/${server.id}`, { password: 'wrong-password' });
      const refused = await call('POST', `/api/mqtt/servers/${server.id}/test`);
      expect(refused.json()).toEqual({
        success: false,
        message: expect.stringMatching(/Not authorized|Bad username or password/),
      });
      expect(refused.body).not.toContain('wrong-password');
    });

    it('answers success false within 15 s when a broker accepts the connection but never answers', {
      timeout: 20_000,
    }, async () => {
      const silent = net.createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const sockets: net.Socket[] = [];
      silent.on('connection', (socket) => sockets.push(socket));
      try {
        const server = await mqtt.server(manager, {
          host: '127.0.0.1',
          port: (silent.address() as net.AddressInfo).port,
        });
        const began = Date.now();
        const response = await call('POST', `/api/mqtt/servers/${server.id}/test`);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          success: false,
          message: expect.stringContaining('connack timeout'),
        });
        expect(Date.now() - began).toBeLessThan(15_000);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });

  describe('GET /api/mqtt/servers/{id}/status and /api/mqtt/servers/status', () => {
    it('reports the long-lived connection, its last error and its counters, for one and for all', async () => {
      const live = await mqtt.server(manager, { host: broker.host, port: broker.port });
      const dead = await mqtt.server(manager, { host: '127.0.0.1', port: await freePort() });
      await expect
        .poll(async () => (await call('GET', `/api/mqtt/servers/${live.id}/status`)).json().connected)
        .toBe(true);
      const deadStatus = await call('GET', `/api/mqtt/servers/${dead.id}/status`);
      expect(deadStatus.json()).toEqual({
        serverId: dead.id,
        connected: false,
        lastError: Messages.couldNotConnect,
        messagesSent: 0,
        messagesFailed: 0,
      });
      const all = await call('GET', '/api/mqtt/servers/status');
      expect(all.statusCode).toBe(200);
      const servers = (await call('GET', '/api/mqtt/servers')).json();
      expect(all.json()).toHaveLength(servers.length);
      expect(all.json()).toContainEqual({
        serverId: live.id,
        connected: true,
        lastError: null,
        messagesSent: 0,
        messagesFailed: 0,
      });
      expect(all.json()).toContainEqual(expect.objectContaining({ serverId: dead.id, connected: false }));
    });

    it('connects anew when the connection settings change', async () => {
      const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
      const status = async () => (await call('GET', `/api/mqtt/servers/${server.id}/status`)).json();
      await expect.poll(async () => (await status()).connected).toBe(true);
      await call('PUT', `/api/mqtt/servers/${server.id}`, { port: await freePort() });
      await expect.poll(async () => (await status()).connected).toBe(false);
      expect((await status()).lastError).toBe(Messages.couldNotConnect);
      await call('PUT', `/api/mqtt/servers/${server.id}`, { port: broker.port });
      await expect.poll(async () => (await status()).connected).toBe(true);
    });
  });

  describe('who may call', () => {
    it('lets resource managers in, refuses members with 403 and anonymous callers with 401', async () => {
      const server = await mqtt.server(manager, { host: '127.0.0.1', port: await freePort() });
      const routes: [InjectOptions['method'], string, object?][] = [
        ['GET', '/api/mqtt/servers'],
        ['POST', '/api/mqtt/servers', { name: 'New', host: 'n.local' }],
        ['GET', '/api/mqtt/servers/status'],
        ['GET', `/api/mqtt/servers/${server.id}`],
        ['PUT', `/api/mqtt/servers/${server.id}`, { name: 'Renamed' }],
        ['POST', `/api/mqtt/servers/${server.id}/test`],
        ['GET', `/api/mqtt/servers/${server.id}/status`],
        ['DELETE', `/api/mqtt/servers/${server.id}`],
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
        const allowed = await call(method, url, payload, manager);
        expect(allowed.statusCode, `${method} ${url}`).toBeLessThan(300);
      }
    });
  });
});

describe('MQTT server passwords in the log', () => {
  it('never writes the password, whatever fails', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = pino({ level: 'trace', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    const guarded = await startOwnBroker({
      authenticate: (_client, _username, _password, done) => done(null, false),
    });
    const t = await buildTestApp('sqlite', { logger });
    try {
      const manager = await t.given.user({ canManageResources: true });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/mqtt/servers',
        headers: manager.auth,
        payload: {
          name: 'Refusing',
          host: guarded.host,
          port: guarded.port,
          username: 'relay',
          password: PASSWORD,
        },
      });
      const { id } = response.json();
      expect(
        (
          await t.app.inject({ method: 'POST', url: `/api/mqtt/servers/${id}/test`, headers: manager.auth })
        ).json().success,
      ).toBe(false);
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/mqtt/servers/${id}/status`,
        headers: manager.auth,
      });
      expect(status.json().connected).toBe(false);
      await expect.poll(() => lines.some((line) => line.includes('MQTT connection failed'))).toBe(true);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(PASSWORD);
    } finally {
      await t.close();
      await guarded.close();
    }
  });
});
