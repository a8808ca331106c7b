import { introductionLapsedMessage, ResourceErrorCodes, ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Actor = { id: number; username: string; auth: { authorization: string } };

describe.each(TEST_DIALECTS)('introductions that lapse on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  const time = offsetClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    given = resourceFixtures(t);
  });
  afterAll(() => t?.close());

  /** Signs in again: a sign-in lasts 14 days, and these tests move the clock by weeks. */
  async function fresh<A extends Actor>(actor: A): Promise<A> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/local',
      payload: { username: actor.username, password: TEST_PASSWORD },
    });
    const token = response.json<{ authToken: string }>().authToken;
    return { ...actor, auth: { authorization: `Bearer ${token}` } };
  }

  async function resourceWith(manager: Actor, fields: Record<string, string>) {
    const body = await multipart({ name: `Laser ${Math.random().toString(36).slice(2, 8)}`, ...fields });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number; introductionValidForDays: number | null }>();
  }

  const canControl = (actor: Actor, resourceId: number) =>
    t.app.inject({
      method: 'GET',
      url: `/api/resources/${resourceId}/usage/can-control`,
      headers: actor.auth,
    });

  it('keeps an introduction valid for validForDays after its grant, then refuses the start; a new grant renews it', async () => {
    let manager = await t.given.user({ canManageResources: true });
    let member = await t.given.member();
    const resource = await resourceWith(manager, { introductionValidForDays: '30' });
    expect(resource.introductionValidForDays).toBe(30);
    const grant = (await given.introduce(manager, resource.id, member.id)) as {
      history: { createdAt: string }[];
    };
    const grantedAt = new Date(grant.history[0]?.createdAt ?? '').getTime();

    time.advance(29 * DAY_MS);
    [manager, member] = [await fresh(manager), await fresh(member)];
    const early = await canControl(member, resource.id);
    expect(early.json()).toMatchObject({ canControl: true, introductionLapsed: false });
    expect(new Date(early.json().introductionExpiresAt).getTime()).toBe(grantedAt + 30 * DAY_MS);
    expect((await given.start(member, resource.id)).statusCode).toBe(201);
    expect((await given.end(member, resource.id)).statusCode).toBe(200);

    time.advance(2 * DAY_MS);
    const late = await given.start(member, resource.id);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe(introductionLapsedMessage(new Date(grantedAt + 30 * DAY_MS)));
    expect(late.json().errorCode).toBe(ResourceErrorCodes.introductionLapsed);
    expect(late.json().message).toContain(ResourceMessages.introductionLapsedPrefix);
    expect((await canControl(member, resource.id)).json()).toMatchObject({
      canControl: false,
      introductionLapsed: true,
    });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/introductions`,
      headers: manager.auth,
    });
    const entry = list.json().find((item: { receiverUserId: number }) => item.receiverUserId === member.id);
    expect(entry.hasValidIntroduction).toBe(false);
    expect(new Date(entry.expiresAt).getTime()).toBe(grantedAt + 30 * DAY_MS);
    expect(entry.history.map((item: { action: string }) => item.action)).toEqual(['lapse', 'grant']);

    await given.introduce(manager, resource.id, member.id);
    expect((await given.start(member, resource.id)).statusCode).toBe(201);
    const renewed = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/introductions`,
      headers: manager.auth,
    });
    const again = renewed
      .json()
      .find((item: { receiverUserId: number }) => item.receiverUserId === member.id);
    expect(again.hasValidIntroduction).toBe(true);
    expect(again.history.map((item: { action: string }) => item.action)).toEqual(['grant', 'lapse', 'grant']);
  });

  it('counts unused days of a group introduction from the last session on any resource of the group', async () => {
    let manager = await t.given.user({ canManageResources: true });
    let member = await t.given.member();
    const group = await t.app
      .inject({
        method: 'POST',
        url: '/api/resource-groups',
        headers: manager.auth,
        payload: {
          name: `Wood ${Math.random().toString(36).slice(2, 6)}`,
          introductionExpiresAfterUnusedDays: 10,
        },
      })
      .then((response) => response.json<{ id: number; introductionExpiresAfterUnusedDays: number }>());
    expect(group.introductionExpiresAfterUnusedDays).toBe(10);
    const saw = await given.resource(manager);
    const lathe = await given.resource(manager);
    await given.addToGroup(manager, group.id, saw.id);
    await given.addToGroup(manager, group.id, lathe.id);
    await given.introduceToGroup(manager, group.id, member.id);

    time.advance(5 * DAY_MS);
    [manager, member] = [await fresh(manager), await fresh(member)];
    expect((await given.start(member, lathe.id)).statusCode).toBe(201);
    expect((await given.end(member, lathe.id)).statusCode).toBe(200);

    // Day 14: nine days after the session on the lathe, the saw may still be started.
    time.advance(9 * DAY_MS);
    [manager, member] = [await fresh(manager), await fresh(member)];
    expect((await given.start(member, saw.id)).statusCode).toBe(201);
    expect((await given.end(member, saw.id)).statusCode).toBe(200);

    // Eleven days after that session the group introduction has lapsed, for both machines.
    time.advance(11 * DAY_MS);
    [manager, member] = [await fresh(manager), await fresh(member)];
    const refused = await given.start(member, lathe.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(ResourceErrorCodes.introductionLapsed);
    expect((await canControl(member, saw.id)).json().canControl).toBe(false);

    const rules = await t.app.inject({
      method: 'PUT',
      url: `/api/resource-groups/${group.id}`,
      headers: manager.auth,
      payload: { name: 'Wood', introductionExpiresAfterUnusedDays: null },
    });
    expect(rules.json().introductionExpiresAfterUnusedDays).toBeNull();
    expect((await canControl(member, saw.id)).json().canControl).toBe(true);
  });

  it('refuses rule values that are not positive whole numbers', async () => {
    const manager = await t.given.user({ canManageResources: true });
    for (const value of ['0', '-3', '1.5', 'ten']) {
      const body = await multipart({ name: 'Drill', maxSessionMinutes: value });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/resources',
        headers: { ...manager.auth, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.maxSessionMinutes).toEqual([ResourceMessages.positiveWholeNumber]);
    }
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/resource-groups',
      headers: manager.auth,
      payload: { name: 'Metal', introductionValidForDays: 0 },
    });
    expect(group.statusCode).toBe(400);
    const emptied = await resourceWith(manager, { maxSessionMinutes: '', introductionValidForDays: '365' });
    expect(emptied).toMatchObject({ maxSessionMinutes: null, introductionValidForDays: 365 });
  });
});
