import type { AddressInfo } from 'node:net';
import { outOfOrderMessage, ResourceErrorCodes, ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

describe.each(TEST_DIALECTS)('resources out of order on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Actor;
  let baseUrl: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** The next frame of the stream, which must be of this type; its data. */
  async function nextOf(stream: Awaited<ReturnType<typeof openEventStream>>, type: string) {
    const frame = await stream.next(2_000);
    expect(frame.event).toBe(type);
    return JSON.parse(frame.data).data;
  }
  afterAll(() => t?.close());

  const mark = (actor: Actor, resourceId: number, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/resources/${resourceId}/out-of-order`,
      headers: actor.auth,
      payload,
    });
  const clear = (actor: Actor, resourceId: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/resources/${resourceId}/out-of-order`, headers: actor.auth });

  it('refuses every start with 409 naming the reason until the resource is back in service', async () => {
    const resource = await given.resource(manager);
    const member = await t.given.member();
    await given.introduce(manager, resource.id, member.id);

    const marked = await mark(manager, resource.id, { reason: 'Laser tube cracked' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().outOfOrder).toMatchObject({
      reason: 'Laser tube cracked',
      by: { id: manager.id, username: manager.username },
    });
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}`,
      headers: member.auth,
    });
    expect(fetched.json().outOfOrder.reason).toBe('Laser tube cracked');

    for (const actor of [member, manager]) {
      const refused = await given.start(actor, resource.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(outOfOrderMessage('Laser tube cracked'));
      expect(refused.json().message).toContain('Laser tube cracked');
      expect(refused.json().errorCode).toBe(ResourceErrorCodes.outOfOrder);
    }

    const back = await clear(manager, resource.id);
    expect(back.statusCode).toBe(200);
    expect(back.json().outOfOrder).toBeNull();
    expect((await given.start(member, resource.id)).statusCode).toBe(201);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/out-of-order/history`,
      headers: member.auth,
    });
    expect(history.json()).toMatchObject([
      { outOfOrder: false, reason: null, by: { id: manager.id } },
      { outOfOrder: true, reason: 'Laser tube cracked', by: { id: manager.id } },
    ]);
  });

  it('ends the running session when asked, in the same change, and tells the live stream', async () => {
    const resource = await given.resource(manager);
    const member = await t.given.member();
    await given.introduce(manager, resource.id, member.id);
    expect((await given.start(member, resource.id)).statusCode).toBe(201);
    const stream = await openEventStream(`${baseUrl}/api/resources/${resource.id}/events`, member.token);
    try {
      const marked = await mark(manager, resource.id, { reason: 'Smoke', endRunningSession: true });
      expect(marked.statusCode).toBe(200);
      // The mark is recorded first, then the end it brings, in one transaction.
      expect(await nextOf(stream, 'resource.out-of-order')).toMatchObject({
        resourceId: resource.id,
        reason: 'Smoke',
      });
      expect(await nextOf(stream, 'usage.ended')).toMatchObject({
        resourceId: resource.id,
        user: { id: member.id },
        notes: outOfOrderMessage('Smoke'),
      });
      const active = await t.app.inject({
        method: 'GET',
        url: `/api/resources/${resource.id}/usage/active`,
        headers: member.auth,
      });
      expect(active.json().usage).toBeNull();
      await clear(manager, resource.id);
      expect(await nextOf(stream, 'resource.back-in-service')).toMatchObject({
        resourceId: resource.id,
        reason: null,
      });
    } finally {
      stream.close();
    }
  });

  it('lets only resource managers mark and clear, and asks for a reason', async () => {
    const resource = await given.resource(manager);
    const member = await t.given.member();
    const refused = await mark(member, resource.id, { reason: 'Broken' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ResourceMessages.forbiddenManageResources);
    expect((await clear(member, resource.id)).statusCode).toBe(403);
    const empty = await mark(manager, resource.id, { reason: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.reason).toEqual([ResourceMessages.reasonRequired]);
    expect((await mark(manager, 2_000_000_000, { reason: 'Gone' })).statusCode).toBe(404);
  });
});
