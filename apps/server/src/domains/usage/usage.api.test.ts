import { ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDate } from '../../platform/db/db-values.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

describe.each(TEST_DIALECTS)('usage sessions on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(() => t?.close());

  async function introducedMember(resourceId: number) {
    const member = await t.given.member();
    await given.introduce(manager, resourceId, member.id);
    return member;
  }

  const activeRows = (resourceId: number) =>
    t.database.db
      .selectFrom('usage_sessions')
      .selectAll()
      .where('resource_id', '=', resourceId)
      .where('end_time', 'is', null)
      .execute();

  describe('POST /api/resources/{resourceId}/usage/start', () => {
    it('starts a session for an introduced member, with notes', async () => {
      const resource = await given.resource(manager);
      const member = await introducedMember(resource.id);
      const response = await given.start(member, resource.id, { notes: 'by QR-Code' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        resourceId: resource.id,
        userId: member.id,
        user: { id: member.id, username: member.username },
        endTime: null,
        usageInMinutes: -1,
        startNotes: 'by QR-Code',
        endNotes: null,
      });
      expect(response.json().user).toEqual({ id: member.id, username: member.username });
    });

    it('refuses a member without introduction with 403', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      const response = await given.start(member, resource.id);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ResourceMessages.forbiddenUseResource);
    });

    it('lets a member introduced to one of the resource groups start', async () => {
      const resource = await given.resource(manager);
      const group = await given.group(manager);
      await given.addToGroup(manager, group.id, resource.id);
      const member = await t.given.member();
      await given.introduceToGroup(manager, group.id, member.id);
      expect((await given.start(member, resource.id)).statusCode).toBe(201);
    });

    it('stops accepting a member whose introduction was revoked', async () => {
      const resource = await given.resource(manager);
      const member = await introducedMember(resource.id);
      await t.app.inject({
        method: 'DELETE',
        url: `/api/resources/${resource.id}/introductions/${member.id}/revoke`,
        headers: manager.auth,
        payload: { comment: 'left the space' },
      });
      expect((await given.start(member, resource.id)).statusCode).toBe(403);
    });

    it('refuses a second session on a busy resource with 409', async () => {
      const resource = await given.resource(manager, { allowTakeOver: true });
      const first = await introducedMember(resource.id);
      const second = await introducedMember(resource.id);
      await given.start(first, resource.id);
      const response = await given.start(second, resource.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: ResourceMessages.resourceInUse,
        errorCode: 'RESOURCE_IN_USE',
      });
      const again = await given.start(first, resource.id);
      expect(again.statusCode).toBe(409);
    });

    it('takes over with forceTakeOver: the previous session ends at the takeover time', async () => {
      const resource = await given.resource(manager, { allowTakeOver: true });
      const first = await introducedMember(resource.id);
      const second = await introducedMember(resource.id);
      const previous = (await given.start(first, resource.id)).json();
      // Times have millisecond precision, and a session started in the millisecond the takeover
      // arrived counts as one it cannot have meant (usage-rules.ts).
      await new Promise((resolve) => setTimeout(resolve, 2));
      const response = await given.start(second, resource.id, { forceTakeOver: true, notes: 'my turn' });
      expect(response.statusCode).toBe(201);
      const session = response.json();
      expect(session).toMatchObject({ userId: second.id, startNotes: 'my turn', endTime: null });
      const ended = await t.database.db
        .selectFrom('usage_sessions')
        .selectAll()
        .where('id', '=', previous.id)
        .executeTakeFirstOrThrow();
      expect(readDate(ended.end_time as Date | string).toISOString()).toBe(session.startTime);
      expect(await activeRows(resource.id)).toHaveLength(1);
    });

    it('refuses a takeover where the resource does not allow it', async () => {
      const resource = await given.resource(manager, { allowTakeOver: false });
      const first = await introducedMember(resource.id);
      await given.start(first, resource.id);
      const response = await given.start(manager, resource.id, { forceTakeOver: true });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        message: ResourceMessages.takeOverNotAllowed,
        errorCode: 'TAKEOVER_NOT_ALLOWED',
      });
    });

    it('answers 404 for a missing resource and 401 when not signed in', async () => {
      const member = await t.given.member();
      const missing = await given.start(member, 999_999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ResourceMessages.resourceNotFound);
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/resources/1/usage/start',
        payload: {},
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('accepts a start without a body', async () => {
      const resource = await given.resource(manager);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/resources/${resource.id}/usage/start`,
        headers: manager.auth,
      });
      expect(response.statusCode).toBe(201);
    });

    it('answers 400, not 500, for a wrongly typed body', async () => {
      const resource = await given.resource(manager);
      const response = await given.start(manager, resource.id, {
        forceTakeOver: 'yes' as unknown as boolean,
      });
      expect(response.statusCode).toBe(400);
    });
  });

  describe('concurrent requests', () => {
    it('lets exactly one of 50 simultaneous starts on a free resource win; the others get 409', async () => {
      const resource = await given.resource(manager);
      const members = await Promise.all(Array.from({ length: 50 }, () => introducedMember(resource.id)));
      const responses = await Promise.all(members.map((member) => given.start(member, resource.id)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(response.json().message).toBe(ResourceMessages.resourceInUse);
      }
      const active = await activeRows(resource.id);
      expect(active).toHaveLength(1);
      const winner = responses.find((response) => response.statusCode === 201)?.json();
      expect(active[0]?.user_id).toBe(winner.userId);
    });

    it('lets exactly one of 50 simultaneous takeovers win; the others get 409', async () => {
      const resource = await given.resource(manager, { allowTakeOver: true });
      const holder = await introducedMember(resource.id);
      const first = (await given.start(holder, resource.id)).json();
      const members = await Promise.all(Array.from({ length: 50 }, () => introducedMember(resource.id)));
      const responses = await Promise.all(
        members.map((member) => given.start(member, resource.id, { forceTakeOver: true })),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      const winner = responses.find((response) => response.statusCode === 201)?.json();

      const active = await activeRows(resource.id);
      expect(active).toHaveLength(1);
      expect(active[0]?.id).toBe(winner.id);

      // The holder's session ended exactly when the winner's began; no other session exists.
      const sessions = await t.database.db
        .selectFrom('usage_sessions')
        .selectAll()
        .where('resource_id', '=', resource.id)
        .orderBy('id')
        .execute();
      expect(sessions.map((session) => session.id)).toEqual([first.id, winner.id]);
      expect(readDate(sessions[0]?.end_time as Date | string).getTime()).toBe(
        readDate(sessions[1]?.start_time as Date | string).getTime(),
      );
    });
  });

  describe('PUT /api/resources/{resourceId}/usage/end', () => {
    it('ends the own session with notes', async () => {
      const resource = await given.resource(manager);
      const member = await introducedMember(resource.id);
      await given.start(member, resource.id);
      const response = await given.end(member, resource.id, { notes: 'cleaned the bed' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ userId: member.id, endNotes: 'cleaned the bed' });
      expect(response.json().endTime).not.toBeNull();
      expect(response.json().usageInMinutes).toBeGreaterThanOrEqual(0);
      expect(await activeRows(resource.id)).toHaveLength(0);
    });

    it('answers 400 when no session is running', async () => {
      const resource = await given.resource(manager);
      const response = await given.end(manager, resource.id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ResourceMessages.invalidInputOrNoActiveSession);
    });

    it("refuses to end another user's session for an introduced member, with the same 400", async () => {
      const resource = await given.resource(manager);
      const owner = await introducedMember(resource.id);
      const other = await introducedMember(resource.id);
      await given.start(owner, resource.id);
      const response = await given.end(other, resource.id);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ResourceMessages.invalidInputOrNoActiveSession);
      expect(await activeRows(resource.id)).toHaveLength(1);
    });

    it("lets a manager and an introducer end another user's session", async () => {
      const resource = await given.resource(manager);
      const introducer = await t.given.member();
      await given.makeIntroducer(manager, resource.id, introducer.id);
      const owner = await introducedMember(resource.id);
      await given.start(owner, resource.id);
      expect((await given.end(introducer, resource.id)).statusCode).toBe(200);
      await given.start(owner, resource.id);
      expect((await given.end(manager, resource.id)).statusCode).toBe(200);
    });

    it('names the user as the one who ended their own session', async () => {
      const resource = await given.resource(manager);
      const member = await introducedMember(resource.id);
      expect((await given.start(member, resource.id)).json().endedBy).toBeNull();
      const ended = await given.end(member, resource.id);
      expect(ended.json().endedBy).toEqual({ id: member.id, username: member.username });
    });

    it("records a manager's reason in the end notes and names the manager in the history", async () => {
      const resource = await given.resource(manager);
      const owner = await introducedMember(resource.id);
      await given.start(owner, resource.id, { notes: 'cutting plywood' });
      const response = await given.end(manager, resource.id, { notes: 'Left running overnight' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        userId: owner.id,
        user: { id: owner.id, username: owner.username },
        startNotes: 'cutting plywood',
        endNotes: 'Left running overnight',
        endedBy: { id: manager.id, username: manager.username },
      });
      expect(await activeRows(resource.id)).toHaveLength(0);
      for (const viewer of [manager, owner]) {
        const history = await t.app.inject({
          url: `/api/resources/${resource.id}/usage/history`,
          headers: viewer.auth,
        });
        expect(history.json().data[0]).toMatchObject({
          userId: owner.id,
          endNotes: 'Left running overnight',
          endedBy: { id: manager.id, username: manager.username },
        });
      }
    });

    it('sends usage.ended to the event outbox like any other end', async () => {
      const resource = await given.resource(manager);
      const owner = await introducedMember(resource.id);
      const started = (await given.start(owner, resource.id)).json();
      await given.end(manager, resource.id, { notes: 'Forgotten' });
      const events = await t.database.db
        .selectFrom('outbox_events')
        .selectAll()
        .where('type', '=', 'usage.ended')
        .execute();
      const ended = events
        .map((event) => JSON.parse(event.payload))
        .find((data: { sessionId: number }) => data.sessionId === started.id);
      expect(ended).toMatchObject({
        resourceId: resource.id,
        user: { id: owner.id, username: owner.username },
        notes: 'Forgotten',
      });
    });

    it('names the taker as the one who ended a session taken over', async () => {
      const resource = await given.resource(manager, { allowTakeOver: true });
      const owner = await introducedMember(resource.id);
      await given.start(owner, resource.id);
      await new Promise((resolve) => setTimeout(resolve, 5));
      expect((await given.start(manager, resource.id, { forceTakeOver: true })).statusCode).toBe(201);
      const history = await t.app.inject({
        url: `/api/resources/${resource.id}/usage/history?userId=${owner.id}`,
        headers: manager.auth,
      });
      expect(history.json().data[0].endedBy).toEqual({ id: manager.id, username: manager.username });
    });

    it('answers 400 with the same message for a wrongly typed body', async () => {
      const resource = await given.resource(manager);
      const response = await given.end(manager, resource.id, { notes: 42 as unknown as string });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ResourceMessages.invalidInputOrNoActiveSession);
    });

    it('answers 404 "Resource or session not found" for a missing resource (spec 01 §8)', async () => {
      const response = await given.end(manager, 999_999);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ResourceMessages.resourceOrSessionNotFound);
    });
  });

  describe('GET /api/resources/{resourceId}/usage/active', () => {
    it('answers usage null when free and the running session otherwise', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      const free = await t.app.inject({
        url: `/api/resources/${resource.id}/usage/active`,
        headers: member.auth,
      });
      expect(free.statusCode).toBe(200);
      expect(free.json()).toEqual({ usage: null });
      const session = (await given.start(manager, resource.id)).json();
      const busy = await t.app.inject({
        url: `/api/resources/${resource.id}/usage/active`,
        headers: member.auth,
      });
      expect(busy.json()).toEqual({ usage: session });
    });

    it('answers 404 for a missing resource and 401 when not signed in', async () => {
      const missing = await t.app.inject({
        url: '/api/resources/999999/usage/active',
        headers: manager.auth,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(ResourceMessages.resourceNotFound);
      expect((await t.app.inject({ url: '/api/resources/1/usage/active' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/resources/in-use', () => {
    it('lists the running sessions', async () => {
      const resource = await given.resource(manager);
      const session = (await given.start(manager, resource.id)).json();
      const response = await t.app.inject({ url: '/api/resources/in-use', headers: manager.auth });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toContainEqual(session);
      await given.end(manager, resource.id);
      const after = await t.app.inject({ url: '/api/resources/in-use', headers: manager.auth });
      expect(after.json().map((s: { id: number }) => s.id)).not.toContain(session.id);
    });
  });

  describe('GET /api/resources/{resourceId}/usage/history', () => {
    async function resourceWithHistory() {
      const resource = await given.resource(manager);
      const alice = await introducedMember(resource.id);
      const bob = await introducedMember(resource.id);
      for (const user of [alice, bob, alice]) {
        await given.start(user, resource.id);
        await given.end(user, resource.id);
      }
      return { resource, alice, bob };
    }

    it("shows a manager everyone's sessions, newest first, paged", async () => {
      const { resource, alice } = await resourceWithHistory();
      const response = await t.app.inject({
        url: `/api/resources/${resource.id}/usage/history?page=1&limit=2`,
        headers: manager.auth,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ total: 3, page: 1, limit: 2, totalPages: 2 });
      expect(body.data).toHaveLength(2);
      expect(body.data[0].userId).toBe(alice.id);
      expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
      const filtered = await t.app.inject({
        url: `/api/resources/${resource.id}/usage/history?userId=${alice.id}`,
        headers: manager.auth,
      });
      expect(filtered.json().total).toBe(2);
    });

    it('shows other users only their own sessions', async () => {
      const { resource, bob } = await resourceWithHistory();
      const response = await t.app.inject({
        url: `/api/resources/${resource.id}/usage/history`,
        headers: bob.auth,
      });
      expect(response.json().total).toBe(1);
      expect(response.json().data[0].userId).toBe(bob.id);
    });

    it("refuses another user's history to a non-manager with 403", async () => {
      const { resource, alice, bob } = await resourceWithHistory();
      const response = await t.app.inject({
        url: `/api/resources/${resource.id}/usage/history?userId=${alice.id}`,
        headers: bob.auth,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(ResourceMessages.forbiddenOthersHistory);
    });

    it.each(['page=0', 'limit=0', 'limit=1000', 'page=abc', 'userId=-3'])(
      'answers 400 for bad pagination (%s)',
      async (query) => {
        const resource = await given.resource(manager);
        const response = await t.app.inject({
          url: `/api/resources/${resource.id}/usage/history?${query}`,
          headers: manager.auth,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe(ResourceMessages.invalidPagination);
      },
    );

    it('answers 404 for a missing resource', async () => {
      const response = await t.app.inject({
        url: '/api/resources/999999/usage/history',
        headers: manager.auth,
      });
      expect(response.statusCode).toBe(404);
    });
  });

  describe('GET /api/resources/{resourceId}/usage/can-control', () => {
    it('is true for managers, introducers and introduced members, false for others', async () => {
      const resource = await given.resource(manager);
      const group = await given.group(manager);
      await given.addToGroup(manager, group.id, resource.id);
      const member = await t.given.member();
      const introduced = await introducedMember(resource.id);
      const introducer = await t.given.member();
      await given.makeIntroducer(manager, resource.id, introducer.id);
      const groupIntroducer = await t.given.member();
      await given.makeGroupIntroducer(manager, group.id, groupIntroducer.id);
      const canControl = async (actor: { auth: { authorization: string } }) =>
        (
          await t.app.inject({ url: `/api/resources/${resource.id}/usage/can-control`, headers: actor.auth })
        ).json().canControl;
      expect({
        member: await canControl(member),
        introduced: await canControl(introduced),
        introducer: await canControl(introducer),
        groupIntroducer: await canControl(groupIntroducer),
        manager: await canControl(manager),
      }).toEqual({ member: false, introduced: true, introducer: true, groupIntroducer: true, manager: true });
    });

    it('answers 404 for a missing resource', async () => {
      const response = await t.app.inject({
        url: '/api/resources/999999/usage/can-control',
        headers: manager.auth,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(ResourceMessages.resourceNotFound);
    });
  });
});
