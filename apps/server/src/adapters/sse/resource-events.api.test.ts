import type { AddressInfo } from 'node:net';
import { type LiveEvent, LiveEventSchema, ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openPostgres } from '../../platform/db/database.ts';
import type { ChannelListener } from '../../platform/db/pg-listener.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp } from '../../test/build-test-app.ts';
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

    const received: LiveEvent[] = [];
    const expectEvent = async (type: LiveEvent['type']) => {
      const frame = await stream.next(100);
      expect(frame.event).toBe(type);
      const event = LiveEventSchema.parse(JSON.parse(frame.data));
      expect(frame.id).toBe(String(event.id));
      // Users in events carry id and username only.
      expect(frame.data).not.toMatch(/email|password|permissions/i);
      received.push(event);
      return event;
    };

    expect((await given.start(first, resource.id, { notes: 'hello' })).statusCode).toBe(201);
    const started = await expectEvent('usage.started');
    // The watcher sees who uses the machine and since when, as the API shows it; not the notes.
    expect(started.data).toEqual({
      resourceId: resource.id,
      resourceName: resource.name,
      sessionId: expect.any(Number),
      user: { id: first.id, username: first.username },
      startTime: expect.any(String),
    });

    expect((await given.start(second, resource.id, { forceTakeOver: true })).statusCode).toBe(201);
    const takenOver = await expectEvent('usage.taken-over');
    expect(takenOver.data).toMatchObject({
      previousSessionId: started.type === 'usage.started' ? started.data.sessionId : 0,
      previousUser: { id: first.id, username: first.username },
      user: { id: second.id, username: second.username },
    });

    expect((await given.end(second, resource.id, { notes: 'bye' })).statusCode).toBe(200);
    const ended = await expectEvent('usage.ended');
    expect(ended.data).toMatchObject({ user: { id: second.id }, endTime: expect.any(String) });
    expect(ended.data).not.toHaveProperty('notes');
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
    // The receiver sees their own introduction whole.
    expect(JSON.parse(granted.data).data).toMatchObject({
      resourceId: resource.id,
      receiverUser: { id: member.id, username: member.username },
      entryId: expect.any(Number),
      comment: null,
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
          user: { id: manager.id },
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
      const events = t.services.pipeline;
      const before = await outboxIds();
      heard.length = 0;
      await expect(
        events.transaction(async (_tx, record) => {
          await record([{ type: 'resource.deleted', data: { resourceId: 999_999, resourceName: 'Gone' } }]);
          throw new Error('refused after the events were written');
        }),
      ).rejects.toThrow('refused');
      // A committed change afterwards is heard: had the rolled-back one been announced, it would be first.
      await events.transaction((_tx, record) =>
        record([{ type: 'resource.deleted', data: { resourceId: 999_998, resourceName: 'Gone too' } }]),
      );
      await expect.poll(() => heard.length, { timeout: 1_000 }).toBe(1);
      const added = (await outboxIds()).filter((id) => !before.includes(id));
      expect(added).toHaveLength(1);
      expect(idsHeard()).toEqual(added);
    });
  },
);
