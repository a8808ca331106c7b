import { Writable } from 'node:stream';
import { Messages } from '@toolpass/contracts';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MQTT_TARGET_KIND } from '../../domains/mqtt/mqtt-subscriptions.ts';
import { REDACTED_PATHS } from '../../platform/logging/logger.ts';
import { buildTestApp, type TestApp, unique } from '../../test/build-test-app.ts';
import { freePort } from '../../test/free-port.ts';
import {
  type OwnBroker,
  sharedBroker,
  startOwnBroker,
  subscribe,
  type TestBroker,
} from '../../test/mqtt-broker.ts';
import { mqttFixtures } from '../../test/mqtt-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Manager = Awaited<ReturnType<TestApp['given']['user']>>;

describe.each(TEST_DIALECTS)('MQTT deliveries on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let mqtt: ReturnType<typeof mqttFixtures>;
  let manager: Manager;
  let shared: TestBroker;
  const cleanups: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    mqtt = mqttFixtures(t);
    manager = await t.given.user({ canManageResources: true });
    shared = await sharedBroker();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  afterAll(async () => {
    await t?.close();
    await shared?.close();
  });

  async function ownBroker(): Promise<OwnBroker> {
    const broker = await startOwnBroker();
    cleanups.push(() => broker.close());
    return broker;
  }
  async function machine(
    broker: Pick<TestBroker, 'host' | 'port'>,
    topics: string | string[],
    persistent = false,
  ) {
    const subscriber = await subscribe(broker, topics, { persistentSession: persistent });
    cleanups.push(() => subscriber.close());
    return subscriber;
  }
  const jobsOf = (configurationId: number) =>
    t.services.jobStore.log(t.database.db, { kind: MQTT_TARGET_KIND, id: String(configurationId) }, 50);
  const connected = async (serverId: number) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/mqtt/servers/${serverId}/status`,
        headers: manager.auth,
      })
    ).json().connected;

  it('publishes the in-use message on a start and the not-in-use message on the end, templates filled in topics and messages', async () => {
    const prefix = unique('tpl');
    const server = await mqtt.server(manager, { host: shared.host, port: shared.port });
    const resource = await given.resource(manager, { name: 'Laser "Big" cutter' });
    await mqtt.configuration(manager, resource.id, server.id, {
      inUseTopic: `${prefix}/{{id}}/{{user.username}}/on`,
      inUseMessage:
        '{"name":"{{name}}","user":{{user.id}},"ext":"{{user.externalIdentifier}}","at":"{{timestamp}}"}',
      notInUseTopic: `${prefix}/{{id}}/off`,
      notInUseMessage: 'released by {{user.username}} at {{timestamp}}',
    });
    const subscriber = await machine(shared, `${prefix}/#`);

    const start = await given.start(manager, resource.id);
    expect(start.statusCode).toBe(201);
    const end = await given.end(manager, resource.id);
    expect(end.statusCode).toBe(200);
    await expect.poll(() => subscriber.messages.length).toBe(2);

    const [on, off] = subscriber.messages;
    expect(on?.topic).toBe(`${prefix}/${resource.id}/${manager.username}/on`);
    expect(JSON.parse(on?.payload ?? '')).toEqual({
      name: 'Laser "Big" cutter',
      user: manager.id,
      ext: '',
      at: start.json().startTime,
    });
    expect(off).toMatchObject({
      topic: `${prefix}/${resource.id}/off`,
      payload: `released by ${manager.username} at ${end.json().endTime}`,
    });
  });

  it('sends on a takeover what the flags of each configuration ask, to every configuration of the resource', async () => {
    const broker = await ownBroker();
    const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
    const resource = await given.resource(manager, { allowTakeOver: true, name: 'Lathe' });
    const prefix = unique('takeover');
    await mqtt.configuration(manager, resource.id, server.id, {
      prefix,
      takeoverTopic: `${prefix}/taken`,
      takeoverMessage: '{{previousUser.username}} -> {{user.username}}',
      onTakeoverSendStart: true,
      onTakeoverSendStop: true,
      onTakeoverSendTakeover: true,
    });
    // Defaults: the takeover message alone, on the default topic with the default message.
    await mqtt.configuration(manager, resource.id, server.id, { prefix: `${prefix}-defaults` });
    const second = await t.given.user({ canManageResources: true });
    const subscriber = await machine(broker, '#');

    await given.start(manager, resource.id);
    await expect.poll(() => subscriber.messages.length).toBe(2);
    const takeover = await given.start(second, resource.id, { forceTakeOver: true });
    expect(takeover.statusCode).toBe(201);
    await expect.poll(() => subscriber.messages.length).toBe(6);

    const byTopic = (topic: string) => subscriber.messages.filter((message) => message.topic === topic);
    expect(byTopic(`${prefix}/in-use`).map((message) => message.payload)).toEqual([
      `on ${manager.username}`,
      `on ${second.username}`,
    ]);
    expect(byTopic(`${prefix}/available`).map((message) => message.payload)).toEqual([
      `off ${manager.username}`,
    ]);
    expect(byTopic(`${prefix}/taken`).map((message) => message.payload)).toEqual([
      `${manager.username} -> ${second.username}`,
    ]);
    // The first configuration's three messages arrive stop, start, takeover.
    const ownTopics = subscriber.messages
      .slice(2)
      .filter((message) => message.topic.startsWith(`${prefix}/`))
      .map((message) => message.topic);
    expect(ownTopics).toEqual([`${prefix}/available`, `${prefix}/in-use`, `${prefix}/taken`]);
    expect(byTopic(`${prefix}-defaults/in-use`)).toHaveLength(1);
    expect(byTopic(`${prefix}-defaults/available`)).toHaveLength(0);
    const [defaultTakeover] = byTopic(`resources/${resource.id}/status`);
    expect(JSON.parse(defaultTakeover?.payload ?? '')).toEqual({
      status: 'taken_over',
      resourceId: resource.id,
      resourceName: 'Lathe',
      timestamp: takeover.json().startTime,
      user: { id: second.id, username: second.username, externalIdentifier: '' },
      previousUser: { id: manager.id, username: manager.username, externalIdentifier: '' },
    });
  });

  it('delivers what happened while the broker was down as soon as it is back, in order, each once', {
    timeout: 40_000,
  }, async () => {
    const broker = await ownBroker();
    const prefix = unique('outage');
    const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
    const resource = await given.resource(manager);
    const configuration = await mqtt.configuration(manager, resource.id, server.id, { prefix });
    const subscriber = await machine(broker, `${prefix}/#`, true);
    await expect.poll(() => connected(server.id)).toBe(true);

    await broker.stop();
    await expect.poll(() => connected(server.id)).toBe(false);
    // The session starts and ends as usual while the broker is away; the deliveries wait.
    const began = Date.now();
    expect((await given.start(manager, resource.id)).statusCode).toBe(201);
    expect((await given.end(manager, resource.id)).statusCode).toBe(200);
    expect(Date.now() - began).toBeLessThan(1_000);
    // Failing fast with the reason, not waiting in MQTT.js's offline queue.
    await expect
      .poll(async () => (await jobsOf(configuration.id)).find((job) => job.eventType === 'usage.started'))
      .toMatchObject({ state: 'pending', lastError: expect.stringContaining('Not connected') });
    // Long enough for the retries to back off to 8 s (after 1, 2 and 4 s): the next is due
    // well after the client has reconnected.
    await new Promise((resolve) => setTimeout(resolve, 9_500));
    expect(broker.published.filter((message) => message.topic.startsWith(prefix))).toEqual([]);

    const restarted = Date.now();
    await broker.start();
    await expect.poll(() => subscriber.messages.length, { timeout: 10_000 }).toBe(2);
    // The reconnect (every 2 s) makes the waiting deliveries due at once, not after their backoff.
    expect(Date.now() - restarted).toBeLessThan(4_000);
    expect(subscriber.messages.map((message) => [message.topic, message.payload])).toEqual([
      [`${prefix}/in-use`, `on ${manager.username}`],
      [`${prefix}/available`, `off ${manager.username}`],
    ]);
    await expect
      .poll(async () => (await jobsOf(configuration.id)).map((job) => job.state))
      .toEqual(['done', 'done']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(broker.published.filter((message) => message.topic.startsWith(prefix))).toHaveLength(2);
    expect(subscriber.messages).toHaveLength(2);
  });

  it('sends a message whose acknowledgement was lost with the connection once, by the retry alone', {
    timeout: 30_000,
  }, async () => {
    // The broker takes the first PUBLISH but never acknowledges it, then goes down.
    let holding = true;
    const held: (() => void)[] = [];
    const broker = await startOwnBroker({
      authorizePublish: (_client, _packet, callback) => {
        if (holding) held.push(() => callback(null));
        else callback(null);
      },
    });
    cleanups.push(() => broker.close());
    const prefix = unique('unacked');
    const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
    const resource = await given.resource(manager);
    const configuration = await mqtt.configuration(manager, resource.id, server.id, { prefix });
    const subscriber = await machine(broker, `${prefix}/#`, true);
    await expect.poll(() => connected(server.id)).toBe(true);

    await given.start(manager, resource.id);
    await expect.poll(() => held.length).toBe(1);
    await broker.stop();
    await expect
      .poll(async () => (await jobsOf(configuration.id))[0])
      .toMatchObject({ state: 'pending', lastError: expect.stringContaining('connection was lost') });
    holding = false;
    await broker.start();
    await expect
      .poll(async () => (await jobsOf(configuration.id))[0]?.state, { timeout: 15_000 })
      .toBe('done');
    // Long enough for MQTT.js to have resent a message it still held after its reconnect.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(subscriber.messages.map((message) => message.topic)).toEqual([`${prefix}/in-use`]);
  });

  it('sends nothing twice when nothing failed', async () => {
    const broker = await ownBroker();
    const prefix = unique('once');
    const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
    const resources = [await given.resource(manager), await given.resource(manager)];
    for (const resource of resources) {
      await mqtt.configuration(manager, resource.id, server.id, {
        prefix,
        inUseMessage: 'on {{id}} {{timestamp}}',
        notInUseMessage: 'off {{id}} {{timestamp}}',
      });
    }
    const subscriber = await machine(broker, `${prefix}/#`);
    for (let round = 0; round < 5; round += 1) {
      for (const resource of resources) {
        await given.start(manager, resource.id);
        await given.end(manager, resource.id);
      }
    }
    await expect.poll(() => subscriber.messages.length).toBe(20);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const sent = broker.published.filter((message) => message.topic.startsWith(prefix));
    expect(sent).toHaveLength(20);
    expect(new Set(sent.map((message) => message.payload)).size).toBe(20);
    expect(subscriber.messages).toHaveLength(20);
    // Per resource, on and off alternate: the order of each resource's events is kept.
    for (const resource of resources) {
      const words = subscriber.messages
        .filter((message) => message.payload.split(' ')[1] === String(resource.id))
        .map((message) => message.payload.split(' ')[0]);
      expect(words).toEqual(['on', 'off', 'on', 'off', 'on', 'off', 'on', 'off', 'on', 'off']);
    }
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/mqtt/servers/${server.id}/status`,
      headers: manager.auth,
    });
    expect(status.json()).toMatchObject({ connected: true, messagesSent: 20, messagesFailed: 0 });
  });

  it('sends nothing for a configuration deleted while its message waited', async () => {
    const broker = await ownBroker();
    const prefix = unique('deleted');
    const server = await mqtt.server(manager, { host: broker.host, port: broker.port });
    const resource = await given.resource(manager);
    const configuration = await mqtt.configuration(manager, resource.id, server.id, { prefix });
    await expect.poll(() => connected(server.id)).toBe(true);
    await broker.stop();
    await expect.poll(() => connected(server.id)).toBe(false);
    await given.start(manager, resource.id);
    await expect
      .poll(async () => (await jobsOf(configuration.id))[0]?.attempts ?? 0)
      .toBeGreaterThanOrEqual(1);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/resources/${resource.id}/mqtt/config/${configuration.id}`,
      headers: manager.auth,
    });
    await broker.start();
    await expect
      .poll(async () => (await jobsOf(configuration.id))[0]?.state, { timeout: 15_000 })
      .toBe('done');
    expect(broker.published.filter((message) => message.topic.startsWith(prefix))).toEqual([]);
  });

  it('fails at once and for good a message whose topic a value makes unpublishable; the other configurations still get theirs', async () => {
    const prefix = unique('wild');
    const server = await mqtt.server(manager, { host: shared.host, port: shared.port });
    const resource = await given.resource(manager, { name: 'Laser #2' });
    const broken = await mqtt.configuration(manager, resource.id, server.id, {
      inUseTopic: `${prefix}/{{name}}`,
    });
    const working = await mqtt.configuration(manager, resource.id, server.id, { prefix });
    const subscriber = await machine(shared, `${prefix}/#`);
    await given.start(manager, resource.id);
    await expect
      .poll(() => subscriber.messages.map((message) => message.topic))
      .toEqual([`${prefix}/in-use`]);
    await expect
      .poll(async () => (await jobsOf(broken.id))[0])
      .toMatchObject({
        state: 'failed',
        attempts: 1,
        lastError: `Cannot publish: the topic "${prefix}/Laser #2" contains the wildcard + or #`,
      });
    expect((await jobsOf(working.id))[0]?.state).toBe('done');
    expect(await connected(server.id)).toBe(true);
  });
});

describe.each(TEST_DIALECTS)('MQTT messages past their maximum age on %s', (dialect) => {
  it('drops a message the broker did not accept in time, with a warning naming the configuration and event', async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const logger = pino({ level: 'warn', redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    // 0.001 h = 3.6 s: retried after 1 s and perhaps 2 s more, then given up.
    const t = await buildTestApp(dialect, { logger }, { mqttMaxMessageAgeHours: 0.001 });
    try {
      const given = resourceFixtures(t);
      const manager = await t.given.user({ canManageResources: true });
      const server = await mqttFixtures(t).server(manager, { host: '127.0.0.1', port: await freePort() });
      const resource = await given.resource(manager);
      const configuration = await mqttFixtures(t).configuration(manager, resource.id, server.id);
      await given.start(manager, resource.id);
      const log = () =>
        t.services.jobStore.log(t.database.db, { kind: MQTT_TARGET_KIND, id: String(configuration.id) }, 10);
      await expect.poll(async () => (await log())[0]?.state, { timeout: 10_000 }).toBe('failed');
      const [job] = await log();
      expect(job?.lastError).toContain(Messages.couldNotConnect);
      // Every attempt after the first came after a backoff, within the age: 2 or 3 in 3.6 s.
      expect(job?.attempts).toBeGreaterThanOrEqual(2);
      const dropped = lines.filter((line) => String(line.msg).startsWith('MQTT message dropped'));
      expect(dropped).toEqual([
        expect.objectContaining({
          configurationId: configuration.id,
          eventType: 'usage.started',
          eventId: expect.any(Number),
          msg: 'MQTT message dropped: the broker did not accept it within 0.001 h',
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});
