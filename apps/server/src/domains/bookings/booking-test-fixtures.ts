import { expect } from 'vitest';
import type { TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** Idle runners look for due jobs this often: the tests wait for a job in real time. */
export const FAST_POLL = { jobPollMs: 50 };

type Actor = { id: number; auth: { authorization: string } };

/** The next slot mark (30 minutes from the epoch) at least `minutesAhead` from `now`. */
export function slotAfter(now: Date, minutesAhead: number, stepMinutes = 30): Date {
  const step = stepMinutes * MINUTE_MS;
  return new Date(Math.ceil((now.getTime() + minutesAhead * MINUTE_MS) / step) * step);
}

export const span = (start: Date, minutes: number) => ({
  start: start.toISOString(),
  end: new Date(start.getTime() + minutes * MINUTE_MS).toISOString(),
});

/** A bookable resource with the given rules, a manager and two introduced members. */
export async function bookingSetUp(
  build: (clock: ReturnType<typeof offsetClock>['clock']) => Promise<TestApp>,
  rules: Record<string, string> = {},
) {
  const time = offsetClock();
  const t = await build(time.clock);
  const given = resourceFixtures(t);
  const manager = await t.given.user({ canManageResources: true });
  const member = await t.given.member();
  const other = await t.given.member();
  const body = await multipart({
    name: `Laser ${Math.random().toString(36).slice(2, 6)}`,
    bookingMode: 'bookable',
    ...rules,
  });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/resources',
    headers: { ...manager.auth, ...body.headers },
    payload: body.payload,
  });
  expect(created.statusCode).toBe(201);
  const resource = created.json<{ id: number; name: string }>();
  await given.introduce(manager, resource.id, member.id);
  await given.introduce(manager, resource.id, other.id);

  const book = (actor: Actor, payload: object, resourceId = resource.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/resources/${resourceId}/bookings`,
      headers: actor.auth,
      payload,
    });
  /** Moves the clock so that it reads `at` (give or take the milliseconds the test takes). */
  const travelTo = (at: Date) => time.advance(at.getTime() - time.clock.now().getTime());
  return { t, time, given, manager, member, other, resource, book, travelTo };
}

/** The events of a type in the outbox, their payloads parsed. */
export async function outboxEvents(t: TestApp, type: string): Promise<Record<string, unknown>[]> {
  const rows = await t.database.db
    .selectFrom('outbox_events')
    .select('payload')
    .where('type', '=', type)
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as Record<string, unknown>);
}
