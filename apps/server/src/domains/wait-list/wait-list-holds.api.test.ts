import type { AddressInfo } from 'node:net';
import { heldForMessage, WAIT_LIST_HOLD_MINUTES } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { MAIL_TARGET_KIND } from '../../platform/mail/mail-target.ts';
import { openEventStream } from '../../test/event-stream-client.ts';
import { until } from '../../test/reader-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { type Actor, waitListFixtures } from '../../test/wait-list-fixtures.ts';

const MINUTE_MS = 60_000;
/** The job runner and the SMTP capture share two busy cores with other tests. */
const MAIL_WAIT_MS = 15_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The hold's end, its timed actions run twice, and the live events of a hold (decision 23). */
describe.each(TEST_DIALECTS)('wait-list holds on %s', (dialect) => {
  const { setUp, call, line, yourTurnEvents } = waitListFixtures(dialect, cleanups);

  it('passes the hold to the next in line after 10 minutes, and ends it when nobody is left', async () => {
    const { t, time, given, resource, members } = await setUp();
    const [runner, first, second, latecomer] = members as [Actor, Actor, Actor, Actor];
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    time.advance(1_000);
    expect((await call(t, second, 'POST', resource.id)).statusCode).toBe(201);
    expect((await given.end(runner, resource.id)).statusCode).toBe(200);
    await t.smtp.waitFor(first.email, /Your turn/, MAIL_WAIT_MS);

    // Held: joining is allowed while someone holds it.
    expect((await call(t, latecomer, 'POST', resource.id)).statusCode).toBe(201);
    expect((await call(t, latecomer, 'DELETE', resource.id)).statusCode).toBe(200);

    time.advance(9 * MINUTE_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await line(t, second, resource.id))[0]?.user.id).toBe(first.id);

    time.advance(MINUTE_MS + 1_000);
    await until(async () => (await yourTurnEvents(t)).length === 2, 15_000);
    const afterFirst = await line(t, second, resource.id);
    expect(afterFirst.map((entry) => [entry.user.id, entry.position])).toEqual([[second.id, 1]]);
    expect(afterFirst[0]?.heldUntil).not.toBeNull();
    expect((await yourTurnEvents(t))[1]).toMatchObject({
      user: { id: second.id },
      heldUntil: afterFirst[0]?.heldUntil,
    });
    await t.smtp.waitFor(second.email, /Your turn/, MAIL_WAIT_MS);
    const refused = await given.start(first, resource.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(heldForMessage(second.username));

    // Nobody after the second: the hold ends with their entry, and anyone may start.
    time.advance(WAIT_LIST_HOLD_MINUTES * MINUTE_MS + 1_000);
    await until(async () => (await line(t, second, resource.id)).length === 0, 15_000);
    expect((await given.start(first, resource.id)).statusCode).toBe(201);
    expect(await yourTurnEvents(t)).toHaveLength(2);
  });

  it('holds nothing while the resource is out of order: the line waits for its return', async () => {
    const { t, given, manager, resource, members } = await setUp();
    const [runner, first] = members as [Actor, Actor];
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    const marked = await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${resource.id}/out-of-order`,
      headers: manager.auth,
      payload: { reason: 'Nozzle clogged', endRunningSession: true },
    });
    expect(marked.statusCode).toBe(200);
    expect((await line(t, first, resource.id)).map((entry) => [entry.user.id, entry.heldUntil])).toEqual([
      [first.id, null],
    ]);
    expect(await yourTurnEvents(t)).toEqual([]);
    // Out of order it is not free: another member may line up for its return.
    const [, , other] = members as [Actor, Actor, Actor];
    expect((await call(t, other, 'POST', resource.id)).statusCode).toBe(201);
  });

  it('changes nothing when a timed action of a hold runs twice or after the hold moved on', async () => {
    const { t, time, given, resource, members } = await setUp();
    const [runner, first, second, third] = members as [Actor, Actor, Actor, Actor];
    // No runner here: the test runs the hold's actions itself.
    await t.services.jobRunner.stop();
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    for (const member of [first, second, third]) {
      expect((await call(t, member, 'POST', resource.id)).statusCode).toBe(201);
      time.advance(1_000);
    }
    expect((await given.end(runner, resource.id)).statusCode).toBe(200);
    const held = (await line(t, first, resource.id))[0]?.heldUntil ?? '';
    const firstHold = { resourceId: resource.id, userId: first.id, heldUntil: held };
    const holds = t.services.waitList.holds;

    await holds.tell(firstHold);
    await holds.tell(firstHold);
    time.advance(WAIT_LIST_HOLD_MINUTES * MINUTE_MS);
    await holds.expire(firstHold);
    await holds.expire(firstHold);
    const after = await line(t, first, resource.id);
    expect(after.map((entry) => entry.user.id)).toEqual([second.id, third.id]);
    expect(after[0]?.heldUntil).not.toBeNull();
    expect((await yourTurnEvents(t)).map((event) => event.user.id)).toEqual([first.id, second.id]);
    // A mail for the first hold went to the queue once; none for a hold that moved on.
    await holds.tell(firstHold);
    const mails = await t.database.db
      .selectFrom('delivery_jobs')
      .select('payload')
      .where('target_kind', '=', MAIL_TARGET_KIND)
      .execute();
    expect(mails.filter((job) => job.payload?.includes(first.email))).toHaveLength(1);
  });

  it("tells the holder's open app, and shows everyone that the resource is held", async () => {
    const { t, given, resource, members } = await setUp();
    const [runner, first, onlooker] = members as [Actor, Actor, Actor];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    expect((await given.start(runner, resource.id)).statusCode).toBe(201);
    expect((await call(t, first, 'POST', resource.id)).statusCode).toBe(201);
    const mine = await openEventStream(`${baseUrl}/api/resources/events`, first.token);
    const theirs = await openEventStream(`${baseUrl}/api/resources/${resource.id}/events`, onlooker.token);
    try {
      expect((await given.end(runner, resource.id)).statusCode).toBe(200);
      const heldUntil = (await line(t, first, resource.id))[0]?.heldUntil;
      for (const stream of [mine, theirs]) {
        expect((await stream.next(5_000)).event).toBe('usage.ended');
        const frame = await stream.next(5_000);
        expect(frame.event).toBe('wait-list.your-turn');
        expect(JSON.parse(frame.data).data).toEqual({
          resourceId: resource.id,
          resourceName: resource.name,
          user: { id: first.id, username: first.username },
          heldUntil,
        });
      }
    } finally {
      mine.close();
      theirs.close();
    }
  });
});
