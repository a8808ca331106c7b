import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PASSWORD, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type Actor = { id: number; username: string; auth: { authorization: string } };

describe.each(TEST_DIALECTS)('the "I am introduced" filter and lapsed introductions on %s', (dialect) => {
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

  async function resourceWith(manager: Actor, fields: Record<string, string> = {}) {
    const body = await multipart({ name: `Saw ${Math.random().toString(36).slice(2, 8)}`, ...fields });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>();
  }

  /** The ids the filter lists among `ids`, as the overview asks for them. */
  async function introducedAmong(member: Actor, ids: number[]) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/resources?onlyWithPermissions=true&limit=100&ids=${ids.join(',')}`,
      headers: member.auth,
    });
    expect(response.statusCode).toBe(200);
    return response
      .json<{ data: { id: number }[] }>()
      .data.map((resource) => resource.id)
      .sort((a, b) => a - b);
  }

  /** The same without an id list: the statement compiled once, as the overview's pages run. */
  async function introducedOnPage(member: Actor) {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/resources?onlyWithPermissions=true&limit=100',
      headers: member.auth,
    });
    return response
      .json<{ data: { id: number }[] }>()
      .data.map((resource) => resource.id)
      .sort((a, b) => a - b);
  }

  it('drops a resource whose introduction lapsed validForDays after the grant, and lists it again after a new grant', async () => {
    let manager = await t.given.user({ canManageResources: true });
    let member = await t.given.member();
    const lapsing = await resourceWith(manager, { introductionValidForDays: '30' });
    const lasting = await resourceWith(manager);
    await given.introduce(manager, lapsing.id, member.id);
    await given.introduce(manager, lasting.id, member.id);
    const both = [lapsing.id, lasting.id].sort((a, b) => a - b);
    expect(await introducedAmong(member, both)).toEqual(both);

    time.advance(29 * DAY_MS);
    [manager, member] = [await fresh(manager), await fresh(member)];
    expect(await introducedAmong(member, both)).toEqual(both);
    expect(await introducedOnPage(member)).toEqual(both);

    time.advance(2 * DAY_MS);
    member = await fresh(member);
    expect(await introducedAmong(member, both)).toEqual([lasting.id]);
    expect(await introducedOnPage(member)).toEqual([lasting.id]);
    // The start agrees with the filter.
    expect((await given.start(member, lapsing.id)).statusCode).toBe(403);

    await given.introduce(manager, lapsing.id, member.id);
    expect(await introducedAmong(member, both)).toEqual(both);
    expect(await introducedOnPage(member)).toEqual(both);
  });

  it('counts unused days of a group introduction from the last session on any resource of the group', async () => {
    let manager = await t.given.user({ canManageResources: true });
    let member = await t.given.member();
    const group = await given.group(manager);
    const rules = await t.app.inject({
      method: 'PUT',
      url: `/api/resource-groups/${group.id}`,
      headers: manager.auth,
      payload: { name: group.name, introductionExpiresAfterUnusedDays: 10 },
    });
    expect(rules.statusCode).toBe(200);
    const used = await resourceWith(manager);
    const other = await resourceWith(manager);
    await given.addToGroup(manager, group.id, used.id);
    await given.addToGroup(manager, group.id, other.id);
    await given.introduceToGroup(manager, group.id, member.id);
    const both = [used.id, other.id].sort((a, b) => a - b);

    // A session on one resource of the group on day 8 keeps the group's introduction until day 18.
    time.advance(8 * DAY_MS);
    [manager, member] = [await fresh(manager), await fresh(member)];
    expect((await given.start(member, used.id)).statusCode).toBe(201);
    expect((await given.end(member, used.id)).statusCode).toBe(200);

    time.advance(9 * DAY_MS);
    member = await fresh(member);
    expect(await introducedAmong(member, both)).toEqual(both);
    expect(await introducedOnPage(member)).toEqual(both);

    time.advance(2 * DAY_MS);
    member = await fresh(member);
    expect(await introducedAmong(member, both)).toEqual([]);
    expect(await introducedOnPage(member)).toEqual([]);

    // Introducers hold the resource whatever the introductions say.
    await given.makeGroupIntroducer(manager, group.id, member.id);
    expect(await introducedAmong(member, both)).toEqual(both);
  });
});
