import { automaticEndNotes } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { type AppDeps, buildApp } from '../../app.ts';
import { openDatabase } from '../../platform/db/database.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp, testAppConfig } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { until } from '../../test/reader-fixtures.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const MINUTE_MS = 60_000;
/** Idle runners look for due jobs this often: the tests wait for a job in real time. */
const FAST_POLL = { jobPollMs: 50 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Another instance on the database of `t`: on PostgreSQL with its own pool, as another process. */
async function instanceOn(t: TestApp, overrides: Partial<AppDeps>) {
  const ownHandle = t.database.dialect === 'postgres';
  const database = ownHandle
    ? await openDatabase({ dataDir: t.database.dataDir, databaseUrl: t.database.databaseUrl })
    : t.database;
  const { app } = await buildApp({
    config: testAppConfig(t.database, t.smtp.url),
    database,
    logger: createLogger('silent'),
    scrypt: TEST_SCRYPT,
    webDistDir: t.database.dataDir,
    ...overrides,
  });
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    if (ownHandle) await database.close();
  };
  cleanups.push(close);
  return { app, close };
}

describe.each(TEST_DIALECTS)('maximum session length on %s', (dialect) => {
  async function setUp() {
    const time = offsetClock();
    const t = await buildTestApp(dialect, { clock: time.clock, ...FAST_POLL });
    cleanups.push(() => t.close());
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const member = await t.given.member();
    const body = await multipart({ name: 'Laser', maxSessionMinutes: '30' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...body.headers },
      payload: body.payload,
    });
    expect(created.json().maxSessionMinutes).toBe(30);
    const resource = created.json<{ id: number }>();
    await given.introduce(manager, resource.id, member.id);
    return { t, time, given, member, resource };
  }

  const eventsOf = async (t: TestApp, type: string, sessionId: number) => {
    const rows = await t.database.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('type', '=', type)
      .execute();
    return rows.filter((row) => JSON.parse(row.payload).sessionId === sessionId);
  };

  const sessionRow = (t: TestApp, id: number) =>
    t.database.db.selectFrom('usage_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('warns 10 minutes before and ends the session at the limit once, with two instances claiming', async () => {
    const { t, time, given, member, resource } = await setUp();
    await instanceOn(t, { clock: time.clock, ...FAST_POLL });
    const started = await given.start(member, resource.id);
    expect(started.statusCode).toBe(201);
    const sessionId = started.json<{ id: number }>().id;

    time.advance(19 * MINUTE_MS);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await eventsOf(t, 'usage.limit-warning', sessionId)).toHaveLength(0);
    time.advance(2 * MINUTE_MS);
    await until(async () => (await eventsOf(t, 'usage.limit-warning', sessionId)).length > 0);
    const [warning] = await eventsOf(t, 'usage.limit-warning', sessionId);
    const endsAt = Date.parse(started.json().startTime) + 30 * MINUTE_MS;
    expect(JSON.parse(warning?.payload ?? '{}')).toMatchObject({
      resourceId: resource.id,
      user: { id: member.id },
      endsAt: new Date(endsAt).toISOString(),
    });
    expect((await sessionRow(t, sessionId)).end_time).toBeNull();

    // 30 minutes after the start, on the clock: the limit.
    time.advance(9 * MINUTE_MS);
    await until(async () => (await sessionRow(t, sessionId)).end_time !== null);
    // Both runners poll every 50 ms: give a second claim every chance to happen.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ended = await sessionRow(t, sessionId);
    expect(ended.end_notes).toBe(automaticEndNotes(30));
    expect(await eventsOf(t, 'usage.ended', sessionId)).toHaveLength(1);
    expect(await eventsOf(t, 'usage.limit-warning', sessionId)).toHaveLength(1);
    const endedAt = new Date(ended.end_time ?? '').getTime();
    expect(endedAt - endsAt).toBeGreaterThanOrEqual(0);
    expect(endedAt - endsAt).toBeLessThan(MINUTE_MS);
  });

  it('ends the session after a restart: the due time is a row, not a timer', async () => {
    const { t, time, member, resource } = await setUp();
    // The first instance's runner stops: from here it is down.
    await t.services.jobRunner.stop();
    const first = await instanceOn(t, { clock: time.clock, ...FAST_POLL });
    const started = await first.app.inject({
      method: 'POST',
      url: `/api/resources/${resource.id}/usage/start`,
      headers: member.auth,
      payload: {},
    });
    expect(started.statusCode).toBe(201);
    const sessionId = started.json<{ id: number }>().id;
    await first.close();

    time.advance(31 * MINUTE_MS);
    await instanceOn(t, { clock: time.clock, ...FAST_POLL });
    await until(async () => (await sessionRow(t, sessionId)).end_time !== null);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await sessionRow(t, sessionId)).end_notes).toBe(automaticEndNotes(30));
    expect(await eventsOf(t, 'usage.ended', sessionId)).toHaveLength(1);
  });

  it('leaves a session alone that ended before its limit', async () => {
    const { t, time, given, member, resource } = await setUp();
    const started = await given.start(member, resource.id);
    const sessionId = started.json<{ id: number }>().id;
    expect((await given.end(member, resource.id, { notes: 'done' })).statusCode).toBe(200);
    const next = await given.start(member, resource.id);
    const nextId = next.json<{ id: number }>().id;
    time.advance(31 * MINUTE_MS);
    await until(async () => (await sessionRow(t, nextId)).end_time !== null);
    expect((await sessionRow(t, sessionId)).end_notes).toBe('done');
    expect(await eventsOf(t, 'usage.ended', sessionId)).toHaveLength(1);
  });
});
