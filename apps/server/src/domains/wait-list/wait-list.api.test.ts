import {
  BookingErrorCodes,
  BookingMessages,
  heldForMessage,
  ResourceMessages,
  WAIT_LIST_HOLD_MINUTES,
  type WaitListEntry,
} from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { until } from '../../test/reader-fixtures.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { hourMinute } from './wait-list-holds.ts';

const MINUTE_MS = 60_000;
/** Idle runners look for due jobs this often: the tests wait for a job in real time. */
const FAST_POLL = { jobPollMs: 50 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

describe.each(TEST_DIALECTS)('wait list on %s', (dialect) => {
  async function setUp() {
    const time = offsetClock();
    const t = await buildTestApp(dialect, { clock: time.clock, ...FAST_POLL });
    cleanups.push(() => t.close());
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const resource = await createResource(t, manager, 'wait-list');
    const members: Actor[] = [];
    for (let i = 0; i < 4; i++) {
      const member = await t.given.member();
      await given.introduce(manager, resource.id, member.id);
      members.push(member);
    }
    return { t, time, given, manager, resource, members };
  }

  async function createResource(t: TestApp, manager: Actor, bookingMode: string) {
    const body = await multipart({ name: `Printer ${Math.random().toString(36).slice(2, 6)}`, bookingMode });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().bookingMode).toBe(bookingMode);
    return created.json<{ id: number; name: string }>();
  }

  const call = (t: TestApp, actor: Actor, method: 'GET' | 'POST' | 'DELETE', resourceId: number) =>
    t.app.inject({ method, url: `/api/resources/${resourceId}/wait-list`, headers: actor.auth });

  const line = async (t: TestApp, actor: Actor, resourceId: number) => {
    const response = await call(t, actor, 'GET', resourceId);
    expect(response.statusCode).toBe(200);
    return response.json<WaitListEntry[]>();
  };

  const yourTurnEvents = async (t: TestApp) =>
    (
      await t.database.db
        .selectFrom('outbox_events')
        .select('payload')
        .where('type', '=', 'wait-list.your-turn')
        .orderBy('id')
        .execute()
    ).map((row) => JSON.parse(row.payload));

  it('joins, lists in order with positions, and leaves; refuses what the rules do not allow', async () => {
    const { t, time, given, manager, resource, members } = await setUp();
    const [runner, first, second, third] = members as [Actor, Actor, Actor, Actor];

    // Free and held by nobody: start it instead.
    const free = await call(t, first, 'POST', resource.id);
    expect(free.statusCode).toBe(409);
    expect(free.json().message).toBe(BookingMessages.resourceFree);

    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    const running = await call(t, runner, 'POST', resource.id);
    expect(running.statusCode).toBe(409);
    expect(running.json().message).toBe(BookingMessages.usingItNow);

    for (const member of [first, second, third]) {
      const joined = await call(t, member, 'POST', resource.id);
      expect(joined.statusCode).toBe(201);
      expect(joined.json<WaitListEntry[]>().at(-1)?.user).toEqual({
        id: member.id,
        username: member.username,
      });
      time.advance(1_000);
    }
    const twice = await call(t, second, 'POST', resource.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(BookingMessages.alreadyWaiting);

    const listed = await line(t, manager, resource.id);
    expect(listed.map((entry) => [entry.user.username, entry.position, entry.heldUntil])).toEqual([
      [first.username, 1, null],
      [second.username, 2, null],
      [third.username, 3, null],
    ]);
    expect(Date.parse(listed[0]?.since ?? '')).toBeLessThan(Date.parse(listed[1]?.since ?? ''));

    // Leaving keeps the order of the others.
    const left = await call(t, second, 'DELETE', resource.id);
    expect(left.statusCode).toBe(200);
    expect(left.json<WaitListEntry[]>().map((entry) => [entry.user.id, entry.position])).toEqual([
      [first.id, 1],
      [third.id, 2],
    ]);
    const notOn = await call(t, second, 'DELETE', resource.id);
    expect(notOn.statusCode).toBe(404);
    expect(notOn.json().message).toBe(BookingMessages.notWaiting);

    // Not introduced: no place in line.
    const stranger = await t.given.member();
    const refused = await call(t, stranger, 'POST', resource.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ResourceMessages.forbiddenUseResource);

    // A walk-up resource has no wait list.
    const walkUp = await createResource(t, manager, 'walk-up');
    const noList = await call(t, first, 'POST', walkUp.id);
    expect(noList.statusCode).toBe(400);
    expect(noList.json().message).toBe(BookingMessages.notWaitList);

    expect((await call(t, first, 'GET', 999_999)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/resources/${resource.id}/wait-list` })).statusCode,
    ).toBe(401);
  });

  it('holds the free resource for the first in line, refuses others, and lets the holder start', async () => {
    const { t, time, given, resource, members } = await setUp();
    const [runner, first, second] = members as [Actor, Actor, Actor];
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    time.advance(1_000);
    expect((await call(t, second, 'POST', resource.id)).statusCode).toBe(201);

    expect((await given.end(runner, resource.id)).statusCode).toBe(200);
    const listed = await line(t, second, resource.id);
    const heldUntil = listed[0]?.heldUntil ?? '';
    expect(listed[0]?.user.id).toBe(first.id);
    expect(listed[1]?.heldUntil).toBeNull();
    const endedAt = time.clock.now().getTime();
    expect(Date.parse(heldUntil) - endedAt).toBeGreaterThan(WAIT_LIST_HOLD_MINUTES * MINUTE_MS - 5_000);
    expect(Date.parse(heldUntil) - endedAt).toBeLessThanOrEqual(WAIT_LIST_HOLD_MINUTES * MINUTE_MS);

    expect(await yourTurnEvents(t)).toEqual([
      {
        resourceId: resource.id,
        resourceName: resource.name,
        user: { id: first.id, username: first.username },
        heldUntil,
      },
    ]);
    const mail = await t.smtp.waitFor(first.email, /Your turn/);
    expect(mail.subject).toBe(`Your turn: ${resource.name} is free until ${hourMinute(new Date(heldUntil))}`);
    expect(mail.text).toContain(`${resource.name} is free and held for you for 10 minutes`);
    expect(mail.text).toContain(`/resources/${resource.id}`);

    // Others, the runner of a moment ago included, are refused while it is held.
    for (const other of [second, runner]) {
      const refused = await given.start(other, resource.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: heldForMessage(first.username),
        errorCode: BookingErrorCodes.heldForOther,
      });
    }

    // The holder starts and leaves the line; the second is next, not held while it runs.
    expect((await given.start(first, resource.id)).statusCode).toBe(201);
    expect(
      (await line(t, second, resource.id)).map((entry) => [entry.user.id, entry.position, entry.heldUntil]),
    ).toEqual([[second.id, 1, null]]);
    // The hold's end passes harmlessly: its entry is gone.
    time.advance(WAIT_LIST_HOLD_MINUTES * MINUTE_MS + 1_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect((await line(t, second, resource.id))[0]?.heldUntil).toBeNull();
    expect(await yourTurnEvents(t)).toHaveLength(1);
    // No second mail for the one hold (the first was taken above), though the runner kept polling.
    expect(t.smtp.mails.filter((m) => m.to.includes(first.email.toLowerCase()))).toHaveLength(0);
  });

  it('passes the hold to the next in line after 10 minutes, and ends it when nobody is left', async () => {
    const { t, time, given, resource, members } = await setUp();
    const [runner, first, second, latecomer] = members as [Actor, Actor, Actor, Actor];
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    time.advance(1_000);
    expect((await call(t, second, 'POST', resource.id)).statusCode).toBe(201);
    expect((await given.end(runner, resource.id)).statusCode).toBe(200);
    await t.smtp.waitFor(first.email, /Your turn/);

    // Held: joining is allowed while someone holds it.
    expect((await call(t, latecomer, 'POST', resource.id)).statusCode).toBe(201);
    expect((await call(t, latecomer, 'DELETE', resource.id)).statusCode).toBe(200);

    time.advance(9 * MINUTE_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await line(t, second, resource.id))[0]?.user.id).toBe(first.id);

    time.advance(MINUTE_MS + 1_000);
    await until(async () => (await yourTurnEvents(t)).length === 2);
    const afterFirst = await line(t, second, resource.id);
    expect(afterFirst.map((entry) => [entry.user.id, entry.position])).toEqual([[second.id, 1]]);
    expect(afterFirst[0]?.heldUntil).not.toBeNull();
    expect((await yourTurnEvents(t))[1]).toMatchObject({
      user: { id: second.id },
      heldUntil: afterFirst[0]?.heldUntil,
    });
    await t.smtp.waitFor(second.email, /Your turn/);
    const refused = await given.start(first, resource.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(heldForMessage(second.username));

    // Nobody after the second: the hold ends with their entry, and anyone may start.
    time.advance(WAIT_LIST_HOLD_MINUTES * MINUTE_MS + 1_000);
    await until(async () => (await line(t, second, resource.id)).length === 0);
    expect((await given.start(first, resource.id)).statusCode).toBe(201);
    expect(await yourTurnEvents(t)).toHaveLength(2);
  });

  it('passes the hold on at once when the holder leaves', async () => {
    const { t, given, resource, members } = await setUp();
    const [runner, first, second] = members as [Actor, Actor, Actor];
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    expect((await call(t, second, 'POST', resource.id)).statusCode).toBe(201);
    expect((await given.end(runner, resource.id)).statusCode).toBe(200);

    const left = await call(t, first, 'DELETE', resource.id);
    expect(left.statusCode).toBe(200);
    const [next] = left.json<WaitListEntry[]>();
    expect(next?.user.id).toBe(second.id);
    expect(next?.heldUntil).not.toBeNull();
    expect((await yourTurnEvents(t)).map((event) => event.user.id)).toEqual([first.id, second.id]);
    expect((await given.start(second, resource.id)).statusCode).toBe(201);
  });

  it('mails the holder in German when that is their language', async () => {
    const { t, given, resource, members } = await setUp();
    const [runner, first] = members as [Actor, Actor];
    await t.database.db.updateTable('users').set({ language: 'de' }).where('id', '=', first.id).execute();
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    expect((await given.end(runner, resource.id)).statusCode).toBe(200);
    const mail = await t.smtp.waitFor(first.email, /Du bist dran/);
    expect(mail.text).toContain('wird 10 Minuten für dich freigehalten');
  });
});
