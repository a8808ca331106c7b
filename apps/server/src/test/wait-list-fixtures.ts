import type { WaitListEntry } from '@toolpass/contracts';
import { expect } from 'vitest';
import type { Dialect } from '../platform/db/database.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { offsetClock } from './offset-clock.ts';
import { multipart, resourceFixtures } from './resource-fixtures.ts';

export type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

/** Idle runners look for due jobs this often: the tests wait for a job in real time. */
const FAST_POLL = { jobPollMs: 50 };

/** A wait-list resource with four introduced members on an app with an injected clock, and its calls. */
export function waitListFixtures(dialect: Dialect, cleanups: (() => Promise<unknown>)[]) {
  async function createResource(
    t: TestApp,
    manager: Actor,
    bookingMode: string,
    fields: Record<string, string> = {},
  ) {
    const name = `Printer ${Math.random().toString(36).slice(2, 6)}`;
    const body = await multipart({ name, bookingMode, ...fields });
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

  return {
    async setUp() {
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
    },

    createResource,
    call,

    /** The line as any member reads it. */
    async line(t: TestApp, actor: Actor, resourceId: number) {
      const response = await call(t, actor, 'GET', resourceId);
      expect(response.statusCode).toBe(200);
      return response.json<WaitListEntry[]>();
    },

    /** The data of every `wait-list.your-turn` event recorded, oldest first. */
    async yourTurnEvents(t: TestApp) {
      const rows = await t.database.db
        .selectFrom('outbox_events')
        .select('payload')
        .where('type', '=', 'wait-list.your-turn')
        .orderBy('id')
        .execute();
      return rows.map((row) => JSON.parse(row.payload));
    },
  };
}
