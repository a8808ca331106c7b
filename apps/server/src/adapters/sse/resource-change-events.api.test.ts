import type { AddressInfo } from 'node:net';
import { type LiveEvent, LiveEventSchema } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('events of resource, group and introducer changes on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let baseUrl: string;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  const streams: { close(): void }[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  /** The stream of one resource, or of all resources; it reads whole events, checked against the contract. */
  async function watch(resourceId: number | 'all') {
    const member = await t.given.member();
    const path = resourceId === 'all' ? '/api/resources/events' : `/api/resources/${resourceId}/events`;
    const stream = await openEventStream(`${baseUrl}${path}`, member.token);
    expect(stream.response.status).toBe(200);
    streams.push(stream);
    return {
      async next(): Promise<LiveEvent> {
        const frame = await stream.next(1_000);
        const event = LiveEventSchema.parse(JSON.parse(frame.data));
        expect(frame.event).toBe(event.type);
        // Users in events carry id and username only.
        expect(frame.data).not.toMatch(/email|password|permissions/i);
        return event;
      },
    };
  }

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: manager.auth, ...(payload ? { payload } : {}) });

  it('announces a new resource', async () => {
    const all = await watch('all');
    const resource = await given.resource(manager, { name: 'Band saw' });
    const event = await all.next();
    expect(event).toMatchObject({
      type: 'resource.created',
      v: 1,
      data: { resourceId: resource.id, resourceName: 'Band saw' },
    });
  });

  it('tells the streams of its resources that a group was renamed, and no others', async () => {
    const group = await given.group(manager);
    const [member, outsider] = [await given.resource(manager), await given.resource(manager)];
    await given.addToGroup(manager, group.id, member.id);
    const memberStream = await watch(member.id);
    const outsiderStream = await watch(outsider.id);

    const renamed = await call('PUT', `/api/resource-groups/${group.id}`, { name: 'Metal shop' });
    expect(renamed.statusCode).toBe(200);
    expect(await memberStream.next()).toMatchObject({
      type: 'resource-group.updated',
      data: { groupId: group.id, groupName: 'Metal shop', resourceIds: [member.id] },
    });

    // The outsider hears only of its own changes.
    expect((await given.start(manager, outsider.id)).statusCode).toBe(201);
    expect((await outsiderStream.next()).type).toBe('usage.started');
  });

  it('writes no event for a change that fails', async () => {
    const countEvents = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('outbox_events')
            .select((eb) => eb.fn.countAll().as('count'))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const before = await countEvents();
    expect((await call('PUT', '/api/resource-groups/999999', { name: 'Nowhere' })).statusCode).toBe(404);
    expect((await call('DELETE', '/api/resource-groups/999999')).statusCode).toBe(404);
    expect(await countEvents()).toBe(before);
  });

  it('tells the streams of its resources that a group was deleted; the resources stay', async () => {
    const group = await given.group(manager);
    const [first, second] = [await given.resource(manager), await given.resource(manager)];
    await given.addToGroup(manager, group.id, first.id);
    await given.addToGroup(manager, group.id, second.id);
    const firstStream = await watch(first.id);
    const secondStream = await watch(second.id);

    expect((await call('DELETE', `/api/resource-groups/${group.id}`)).statusCode).toBe(200);
    for (const stream of [firstStream, secondStream]) {
      const event = await stream.next();
      expect(event).toMatchObject({
        type: 'resource-group.deleted',
        data: { groupId: group.id, groupName: group.name },
      });
      expect(event.type === 'resource-group.deleted' && [...event.data.resourceIds].sort()).toEqual(
        [first.id, second.id].sort(),
      );
    }
  });

  it('announces a resource joining and leaving a group, once per actual change', async () => {
    const group = await given.group(manager);
    const resource = await given.resource(manager);
    const stream = await watch(resource.id);

    expect((await call('POST', `/api/resource-groups/${group.id}/resources/${resource.id}`)).statusCode).toBe(
      200,
    );
    expect(await stream.next()).toMatchObject({
      type: 'resource-group.resource-added',
      data: { groupId: group.id, resourceId: resource.id },
    });
    // Adding again changes nothing, so the next event is the removal.
    expect((await call('POST', `/api/resource-groups/${group.id}/resources/${resource.id}`)).statusCode).toBe(
      200,
    );
    expect(
      (await call('DELETE', `/api/resource-groups/${group.id}/resources/${resource.id}`)).statusCode,
    ).toBe(200);
    expect(await stream.next()).toMatchObject({
      type: 'resource-group.resource-removed',
      data: { groupId: group.id, resourceId: resource.id },
    });
  });

  it('announces introducers of a resource granted and revoked, with id and username only', async () => {
    const resource = await given.resource(manager);
    const introducer = await t.given.member();
    const stream = await watch(resource.id);

    await given.makeIntroducer(manager, resource.id, introducer.id);
    expect(await stream.next()).toEqual({
      id: expect.any(Number),
      type: 'introducer.granted',
      v: 1,
      occurredAt: expect.any(String),
      data: {
        resourceId: resource.id,
        groupId: null,
        resourceIds: [resource.id],
        user: { id: introducer.id, username: introducer.username },
      },
    });
    const revoked = await call('DELETE', `/api/resources/${resource.id}/introducers/${introducer.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(await stream.next()).toMatchObject({
      type: 'introducer.revoked',
      data: { resourceId: resource.id, groupId: null, user: { id: introducer.id } },
    });
  });

  it('announces introducers of a group on the stream of every resource of the group', async () => {
    const group = await given.group(manager);
    const resource = await given.resource(manager);
    await given.addToGroup(manager, group.id, resource.id);
    const introducer = await t.given.member();
    const stream = await watch(resource.id);

    await given.makeGroupIntroducer(manager, group.id, introducer.id);
    expect(await stream.next()).toMatchObject({
      type: 'introducer.granted',
      data: {
        resourceId: null,
        groupId: group.id,
        resourceIds: [resource.id],
        user: { id: introducer.id, username: introducer.username },
      },
    });
    // Revoking someone who is no introducer changes nothing and announces nothing.
    const stranger = await t.given.member();
    // The group's revoke is a POST (spec 02 §7).
    for (const userId of [stranger.id, introducer.id]) {
      const revoked = await call('POST', `/api/resource-groups/${group.id}/introducers/${userId}/revoke`);
      expect(revoked.statusCode).toBe(200);
    }
    expect(await stream.next()).toMatchObject({
      type: 'introducer.revoked',
      data: { groupId: group.id, user: { id: introducer.id } },
    });
  });
});
