import {
  BookingErrorCodes,
  BookingMessages,
  heldForMessage,
  ResourceErrorCodes,
  ResourceMessages,
  WAIT_LIST_HOLD_MINUTES,
  type WaitListEntry,
} from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { type Actor, waitListFixtures } from '../../test/wait-list-fixtures.ts';
import { hourMinute } from './wait-list-holds.ts';

const MINUTE_MS = 60_000;
/** The job runner and the SMTP capture share two busy cores with other tests. */
const MAIL_WAIT_MS = 15_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(TEST_DIALECTS)('wait list on %s', (dialect) => {
  const { setUp, createResource, call, line, yourTurnEvents } = waitListFixtures(dialect, cleanups);

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

  it('refuses a member whose introduction lapsed, with the lapse', async () => {
    const { t, given, manager, members } = await setUp();
    const [runner, lapsed] = members as [Actor, Actor];
    const resource = await createResource(t, manager, 'wait-list', { introductionValidForDays: '30' });
    for (const member of [runner, lapsed]) await given.introduce(manager, resource.id, member.id);
    await t.database.db
      .updateTable('introductions')
      .set({ created_at: new Date(Date.now() - 31 * 24 * 60 * MINUTE_MS) })
      .where('resource_id', '=', resource.id)
      .where('receiver_user_id', '=', lapsed.id)
      .execute();
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    const refused = await call(t, lapsed, 'POST', resource.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe(ResourceErrorCodes.introductionLapsed);
    expect(await line(t, runner, resource.id)).toEqual([]);
  });

  it('holds the free resource for the first in line, refuses others, and lets the holder start', async () => {
    const { t, time, given, resource, members } = await setUp();
    const [runner, first, second] = members as [Actor, Actor, Actor];
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    time.advance(1_000);
    expect((await call(t, second, 'POST', resource.id)).statusCode).toBe(201);

    const beforeEnd = time.clock.now().getTime();
    expect((await given.end(runner, resource.id)).statusCode).toBe(200);
    const afterEnd = time.clock.now().getTime();
    const listed = await line(t, second, resource.id);
    const heldUntil = listed[0]?.heldUntil ?? '';
    expect(listed[0]?.user.id).toBe(first.id);
    expect(listed[1]?.heldUntil).toBeNull();
    // Ten minutes from the end.
    expect(Date.parse(heldUntil)).toBeGreaterThanOrEqual(beforeEnd + WAIT_LIST_HOLD_MINUTES * MINUTE_MS);
    expect(Date.parse(heldUntil)).toBeLessThanOrEqual(afterEnd + WAIT_LIST_HOLD_MINUTES * MINUTE_MS);

    expect(await yourTurnEvents(t)).toEqual([
      {
        resourceId: resource.id,
        resourceName: resource.name,
        user: { id: first.id, username: first.username },
        heldUntil,
      },
    ]);
    const mail = await t.smtp.waitFor(first.email, /Your turn/, MAIL_WAIT_MS);
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
    const mail = await t.smtp.waitFor(first.email, /Du bist dran/, MAIL_WAIT_MS);
    expect(mail.text).toContain('wird 10 Minuten für dich freigehalten');
  });
});
