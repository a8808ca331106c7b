import type { AddressInfo } from 'node:net';
import {
  type DomainEvent,
  DomainEventSchema,
  type NewDomainEvent,
  ResourceMessages,
} from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../platform/db/database.ts';
import type { ChannelListener } from '../../platform/db/pg-listener.ts';
import { createEventTransactions } from '../../platform/events/event-transactions.ts';
import type { OutboxEnvelope } from '../../platform/events/outbox.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, PUBLIC_URL, TEST_SCRYPT, type TestApp } from '../../test/build-test-app.ts';
import { openEventStream as openStream } from '../../test/event-stream-client.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('resource event stream on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  // Events reach the streams when their change commits, before the API answers: the setup's own
  // events are gone by the time a test opens its stream.

  it('streams started, taken-over and ended in order, each within 100 ms', async () => {
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager, { allowTakeOver: true });
    const [watcher, first, second] = await Promise.all([
      t.given.member(),
      t.given.member(),
      t.given.member(),
    ]);
    await given.introduce(manager, resource.id, first.id);
    await given.introduce(manager, resource.id, second.id);
    const stream = await openStream(`${baseUrl}/api/resources/${resource.id}/events`, watcher.token);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const received: DomainEvent[] = [];
    const expectEvent = async (type: DomainEvent['type']) => {
      const frame = await stream.next(100);
      expect(frame.event).toBe(type);
      const event = DomainEventSchema.parse(JSON.parse(frame.data));
      expect(frame.id).toBe(String(event.id));
      // Users in events carry id and username only.
      expect(frame.data).not.toMatch(/email|password|permissions/i);
      received.push(event);
      return event;
    };

    expect((await given.start(first, resource.id, { notes: 'hello' })).statusCode).toBe(201);
    const started = await expectEvent('usage.started');
    expect(started.data).toMatchObject({
      resourceId: resource.id,
      session: { userId: first.id, user: { id: first.id, username: first.username }, startNotes: 'hello' },
    });

    expect((await given.start(second, resource.id, { forceTakeOver: true })).statusCode).toBe(201);
    const takenOver = await expectEvent('usage.taken-over');
    expect(takenOver.data).toMatchObject({
      previousSession: { userId: first.id, endTime: expect.any(String) },
      session: { userId: second.id, endTime: null },
    });

    expect((await given.end(second, resource.id, { notes: 'bye' })).statusCode).toBe(200);
    const ended = await expectEvent('usage.ended');
    expect(ended.data).toMatchObject({ session: { userId: second.id, endNotes: 'bye' } });
    expect(received.map((event) => event.id)).toEqual(
      [...received.map((event) => event.id)].sort((a, b) => a - b),
    );

    stream.close();
    await expect.poll(() => t.services.resourceEventHub.subscriberCount(resource.id)).toBe(0);
  });

  it('sends introduction and resource events, and only those of the resource', async () => {
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    const other = await given.resource(manager);
    const member = await t.given.member();
    const stream = await openStream(`${baseUrl}/api/resources/${resource.id}/events`, member.token);
    await given.start(manager, other.id);
    await given.introduce(manager, resource.id, member.id);
    const granted = await stream.next(500);
    expect(granted.event).toBe('introduction.granted');
    expect(JSON.parse(granted.data).data).toMatchObject({
      resourceId: resource.id,
      receiverUser: { id: member.id, username: member.username },
      entry: { action: 'grant' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/resources/${resource.id}`, headers: manager.auth });
    expect((await stream.next(500)).event).toBe('resource.deleted');
    // The stream of a deleted resource ends.
    await expect.poll(() => t.services.resourceEventHub.subscriberCount(resource.id)).toBe(0);
    stream.close();
  });

  it('streams the events of every resource on /api/resources/events, deleted ones included', async () => {
    const manager = await t.given.user({ canManageResources: true });
    const [first, second] = [await given.resource(manager), await given.resource(manager)];
    const member = await t.given.member();
    const stream = await openStream(`${baseUrl}/api/resources/events`, member.token);
    expect(stream.response.status).toBe(200);
    await given.start(manager, first.id);
    await given.start(manager, second.id);
    await t.app.inject({ method: 'DELETE', url: `/api/resources/${first.id}`, headers: manager.auth });
    const frames = [await stream.next(500), await stream.next(500), await stream.next(500)];
    expect(frames.map((frame) => [frame.event, JSON.parse(frame.data).data.resourceId])).toEqual([
      ['usage.started', first.id],
      ['usage.started', second.id],
      ['resource.deleted', first.id],
    ]);
    // The stream of all resources outlives a deleted one.
    expect(t.services.resourceEventHub.subscriberCount('all')).toBe(1);
    stream.close();
    await expect.poll(() => t.services.resourceEventHub.subscriberCount('all')).toBe(0);
  });

  it('answers 401 without a token and 404 for a missing resource', async () => {
    const member = await t.given.member();
    const anonymous = await fetch(`${baseUrl}/api/resources/1/events`);
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${baseUrl}/api/resources/events`)).status).toBe(401);
    const missing = await fetch(`${baseUrl}/api/resources/999999/events`, {
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(ResourceMessages.resourceNotFound);
  });
});

describe.each(TEST_DIALECTS)('outbox delivery across a restart on %s', (dialect) => {
  it('delivers events committed before the app stopped once a new app runs on the same database', async () => {
    const before: OutboxEnvelope[] = [];
    const after: OutboxEnvelope[] = [];
    const t = await buildTestApp(dialect, {
      eventConsumers: [{ name: 'restart-probe', handle: (event) => void before.push(event) }],
    });
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await given.resource(manager);
    // As if the process died right after its commits: nothing is delivered any more.
    await t.services.eventDispatcher.stop();
    await given.start(manager, resource.id);
    await given.end(manager, resource.id);
    await t.app.close();
    expect(before.filter((event) => event.type.startsWith('usage.'))).toEqual([]);

    const { app } = await buildApp({
      config: {
        port: 0,
        host: '127.0.0.1',
        publicUrl: PUBLIC_URL,
        dataDir: t.database.dataDir,
        databaseUrl: t.database.databaseUrl,
        smtpUrl: t.smtp.url,
        mailFrom: 'Toolpass <toolpass@toolpass.test>',
        secretKey: 'test-secret-key-test-secret-key-test-secret-key',
        logLevel: 'silent',
        trustProxy: false,
      },
      database: t.database,
      logger: createLogger('silent'),
      scrypt: TEST_SCRYPT,
      webDistDir: t.database.dataDir,
      eventConsumers: [{ name: 'restart-probe', handle: (event) => void after.push(event) }],
    });
    try {
      await app.ready();
      await expect
        .poll(() => after.filter((event) => event.type.startsWith('usage.')).map((event) => event.type))
        .toEqual(['usage.started', 'usage.ended']);
      // The delivery state is in the rows: nothing is left pending for any consumer.
      const pending = () =>
        t.database.db
          .selectFrom('outbox_deliveries')
          .select('event_id')
          .where('delivered_at', 'is', null)
          .execute();
      await expect.poll(async () => (await pending()).length).toBe(0);
    } finally {
      await app.close();
      await t.smtp.close();
      await t.database.drop();
    }
  });

  it('retries a failed delivery until the consumer takes it', async () => {
    let failures = 0;
    const delivered: string[] = [];
    const t = await buildTestApp(dialect, {
      eventConsumers: [
        {
          name: 'flaky-probe',
          handle: (event) => {
            if (!event.type.startsWith('usage.')) return;
            if (failures < 1) {
              failures += 1;
              throw new Error('webhook target is down');
            }
            delivered.push(event.type);
          },
        },
      ],
    });
    try {
      const given = resourceFixtures(t);
      const manager = await t.given.user({ canManageResources: true });
      const resource = await given.resource(manager);
      await given.start(manager, resource.id);
      await expect.poll(() => delivered, { timeout: 5_000 }).toEqual(['usage.started']);
      const row = await t.database.db
        .selectFrom('outbox_deliveries')
        .select(['attempts', 'last_error'])
        .where('consumer', '=', 'flaky-probe')
        .orderBy('event_id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
    } finally {
      await t.close();
    }
  });
});

// On SQLite one process holds the file, so there is no second instance to reach.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'event streams across instances on %s',
  (dialect) => {
    it('sends a change made through one instance to a stream of another within a second', async () => {
      const a = await buildTestApp(dialect);
      const databaseB = openPostgres(a.database.databaseUrl ?? '');
      const { app: b } = await buildApp({
        config: a.config,
        database: databaseB,
        logger: createLogger('silent'),
        scrypt: TEST_SCRYPT,
        webDistDir: a.database.dataDir,
      });
      let stream: Awaited<ReturnType<typeof openStream>> | undefined;
      try {
        await b.listen({ port: 0, host: '127.0.0.1' });
        const given = resourceFixtures(a);
        const manager = await a.given.user({ canManageResources: true });
        const member = await a.given.member();
        const port = (b.server.address() as AddressInfo).port;
        stream = await openStream(`http://127.0.0.1:${port}/api/resources/events`, member.token);
        expect(stream.response.status).toBe(200);

        // Every change goes through instance A; B's stream hears of it through the fan-out only.
        const resource = await given.resource(manager);
        expect((await stream.next(1_000)).event).toBe('resource.created');
        expect((await given.start(manager, resource.id)).statusCode).toBe(201);
        const frame = await stream.next(1_000);
        expect(frame.event).toBe('usage.started');
        expect(JSON.parse(frame.data).data).toMatchObject({
          resourceId: resource.id,
          session: { userId: manager.id },
        });
      } finally {
        stream?.close();
        await b.close();
        await databaseB.close();
        await a.close();
      }
    });
  },
);

// Only PostgreSQL has other instances to tell; SQLite's file is held by one process.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'announcing events to other instances on %s',
  (dialect) => {
    let t: TestApp;
    let listener: ChannelListener;
    const heard: string[] = [];
    beforeAll(async () => {
      t = await buildTestApp(dialect);
      const listen = t.database.listen;
      if (!listen) throw new Error('PostgreSQL handles listen');
      listener = listen(
        'toolpass_events',
        (payload) => heard.push(payload),
        () => undefined,
      );
      await listener.ready;
    });
    afterAll(async () => {
      await listener?.close();
      await t?.close();
    });

    const idsHeard = () => heard.flatMap((payload) => (payload.split(' ')[1] ?? '').split(',').map(Number));
    const outboxIds = async () =>
      (await t.database.db.selectFrom('outbox_events').select('id').execute()).map((row) => row.id);

    it('announces the ids of a committed change', async () => {
      const manager = await t.given.user({ canManageResources: true });
      const resource = await resourceFixtures(t).resource(manager);
      const [event] = await t.database.db
        .selectFrom('outbox_events')
        .select('id')
        .where('type', '=', 'resource.created')
        .where('payload', 'like', `%"resourceId":${resource.id},%`)
        .execute();
      expect(event).toBeDefined();
      await expect.poll(idsHeard, { timeout: 1_000 }).toContain(event?.id);
    });

    it('announces nothing for a change that rolled back after writing its events', async () => {
      const events = createEventTransactions<NewDomainEvent>({
        db: t.database.db,
        outbox: t.services.outbox,
        beforeCommit: (tx, written) => t.services.eventFanout.announce(tx, written),
        onCommitted: () => undefined,
      });
      const before = await outboxIds();
      heard.length = 0;
      await expect(
        events.transaction(async (_tx, record) => {
          await record([{ type: 'resource.deleted', data: { resourceId: 999_999 } }]);
          throw new Error('refused after the events were written');
        }),
      ).rejects.toThrow('refused');
      // A committed change afterwards is heard: had the rolled-back one been announced, it would be first.
      await events.transaction((_tx, record) =>
        record([{ type: 'resource.deleted', data: { resourceId: 999_998 } }]),
      );
      await expect.poll(() => heard.length, { timeout: 1_000 }).toBe(1);
      const added = (await outboxIds()).filter((id) => !before.includes(id));
      expect(added).toHaveLength(1);
      expect(idsHeard()).toEqual(added);
    });
  },
);
