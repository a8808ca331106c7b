import { automaticEndNotes } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { until } from '../../test/reader-fixtures.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { DEFAULT_EMAIL_TEMPLATES } from '../email-templates/default-email-templates.ts';

const MINUTE_MS = 60_000;
/** Lets both runners poll a few times: what was going to happen has happened. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(TEST_DIALECTS)('a changed maximum session length and the warning mail on %s', (dialect) => {
  async function setUp(maxSessionMinutes: string) {
    const time = offsetClock();
    const t = await buildTestApp(dialect, { clock: time.clock, jobPollMs: 50 });
    cleanups.push(() => t.close());
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const member = await t.given.member();
    const name = `Lathe ${Math.random().toString(36).slice(2, 8)}`;
    const body = await multipart({ name, maxSessionMinutes });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...body.headers },
      payload: body.payload,
    });
    const resource = created.json<{ id: number }>();
    await given.introduce(manager, resource.id, member.id);
    const setLimit = async (minutes: string) => {
      const update = await multipart({ maxSessionMinutes: minutes });
      const answer = await t.app.inject({
        method: 'PUT',
        url: `/api/resources/${resource.id}`,
        headers: { ...manager.auth, ...update.headers },
        payload: update.payload,
      });
      expect(answer.statusCode).toBe(200);
      return answer.json<{ maxSessionMinutes: number | null }>();
    };
    return { t, time, given, member, resource, name, setLimit };
  }

  const eventsOf = async (t: TestApp, type: string, sessionId: number) => {
    const rows = await t.database.db
      .selectFrom('outbox_events')
      .select('payload')
      .where('type', '=', type)
      .execute();
    return rows
      .map((row) => JSON.parse(row.payload))
      .filter((payload: { sessionId: number }) => payload.sessionId === sessionId);
  };
  const sessionRow = (t: TestApp, id: number) =>
    t.database.db.selectFrom('usage_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('ends the running session at a longer limit, not at the old one, and warns before the new end', async () => {
    const { t, time, given, member, resource, setLimit } = await setUp('30');
    const started = await given.start(member, resource.id);
    const sessionId = started.json<{ id: number }>().id;
    const startMs = Date.parse(started.json().startTime);
    time.advance(5 * MINUTE_MS);
    expect((await setLimit('60')).maxSessionMinutes).toBe(60);

    // Past the old warning and the old end: the session runs on.
    time.advance(27 * MINUTE_MS);
    await settle();
    expect((await sessionRow(t, sessionId)).end_time).toBeNull();
    expect(await eventsOf(t, 'usage.limit-warning', sessionId)).toHaveLength(0);

    // 51 minutes: the warning of the new end.
    time.advance(19 * MINUTE_MS);
    await until(async () => (await eventsOf(t, 'usage.limit-warning', sessionId)).length > 0, 20_000);
    const [warning] = await eventsOf(t, 'usage.limit-warning', sessionId);
    expect(warning.endsAt).toBe(new Date(startMs + 60 * MINUTE_MS).toISOString());

    // 60 minutes and a little: the new end.
    time.advance(9 * MINUTE_MS + 5_000);
    await until(async () => (await sessionRow(t, sessionId)).end_time !== null, 20_000);
    await settle();
    const ended = await sessionRow(t, sessionId);
    expect(ended.end_notes).toBe(automaticEndNotes(60));
    const lateMs = new Date(ended.end_time ?? '').getTime() - (startMs + 60 * MINUTE_MS);
    expect(lateMs).toBeGreaterThanOrEqual(0);
    expect(lateMs).toBeLessThan(MINUTE_MS);
    expect(await eventsOf(t, 'usage.ended', sessionId)).toHaveLength(1);
    expect(await eventsOf(t, 'usage.limit-warning', sessionId)).toHaveLength(1);
  });

  it('ends at once when the shorter limit has passed, and runs on when the limit is removed', async () => {
    const { t, time, given, member, resource, setLimit } = await setUp('120');
    const first = await given.start(member, resource.id);
    const firstId = first.json<{ id: number }>().id;
    time.advance(40 * MINUTE_MS);
    await setLimit('30');
    await until(async () => (await sessionRow(t, firstId)).end_time !== null, 20_000);
    expect((await sessionRow(t, firstId)).end_notes).toBe(automaticEndNotes(30));
    // The end had passed: no warning of it.
    expect(await eventsOf(t, 'usage.limit-warning', firstId)).toHaveLength(0);

    const second = await given.start(member, resource.id);
    const secondId = second.json<{ id: number }>().id;
    time.advance(5 * MINUTE_MS);
    expect((await setLimit('')).maxSessionMinutes).toBeNull();
    time.advance(3 * 60 * MINUTE_MS);
    await settle();
    expect((await sessionRow(t, secondId)).end_time).toBeNull();
    expect(await eventsOf(t, 'usage.limit-warning', secondId)).toHaveLength(0);
    // Every planned job has run and done nothing.
    const waiting = await t.database.db
      .selectFrom('delivery_jobs')
      .select('id')
      .where('target_id', 'in', ['usage.automatic-end', 'usage.limit-warning'])
      .where('state', '<>', 'done')
      .execute();
    expect(waiting).toHaveLength(0);
  });

  it('mails the warning once to a member who switched it on, in their language, and not to others', async () => {
    const { t, time, given, member, resource, name } = await setUp('30');
    const preferences = (payload?: object) =>
      t.app.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/api/users/me/preferences',
        headers: member.auth,
        ...(payload ? { payload } : {}),
      });
    expect((await preferences()).json()).toEqual({ language: null, notifyBeforeAutomaticEnd: false });
    const mailsTo = (email: string) =>
      t.smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject.includes(name));

    // Off by default: the event, no mail.
    const quiet = await given.start(member, resource.id);
    const quietId = quiet.json<{ id: number }>().id;
    time.advance(21 * MINUTE_MS);
    await until(async () => (await eventsOf(t, 'usage.limit-warning', quietId)).length > 0, 20_000);
    await settle();
    expect(mailsTo(member.email)).toHaveLength(0);
    expect((await given.end(member, resource.id)).statusCode).toBe(200);

    const switched = await preferences({ notifyBeforeAutomaticEnd: true, language: 'de' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ language: 'de', notifyBeforeAutomaticEnd: true });
    // Setting one leaves the other as it is.
    expect((await preferences({ language: 'de' })).json().notifyBeforeAutomaticEnd).toBe(true);

    const watched = await given.start(member, resource.id);
    const watchedId = watched.json<{ id: number }>().id;
    time.advance(20 * MINUTE_MS + 1_000);
    await until(async () => (await eventsOf(t, 'usage.limit-warning', watchedId)).length > 0, 20_000);
    // The mail is queued with the event; a send that failed on a busy machine is tried again
    // later by the clock, so the clock moves on, 10 s per second (the end is 10 minutes away).
    await until(() => {
      time.advance(100);
      return mailsTo(member.email).length > 0;
    }, 30_000);
    await settle();
    const [mail] = mailsTo(member.email);
    expect(mailsTo(member.email)).toHaveLength(1);
    expect(mail?.subject).toBe(
      DEFAULT_EMAIL_TEMPLATES.de['automatic-end-warning'].subject
        .replace('{{resourceName}}', name)
        .replace('{{minutesLeft}}', '10'),
    );
    expect(mail?.text).toContain(`/resources/${resource.id}`);
    expect(mail?.text).toContain('30');

    // The same end planned twice (the limit changed and changed back) is warned of once.
    await t.services.pipeline.transaction(async (tx) => {
      await t.services.pipeline.enqueue(tx, [
        {
          targetKind: 'timed-action',
          targetId: 'usage.limit-warning',
          payload: { sessionId: watchedId, resourceId: resource.id, minutes: 30 },
          dueAt: time.clock.now(),
        },
      ]);
    });
    await until(async () => {
      const waiting = await t.database.db
        .selectFrom('delivery_jobs')
        .select('id')
        .where('target_id', '=', 'usage.limit-warning')
        .where('state', '<>', 'done')
        .execute();
      return waiting.length === 0;
    }, 20_000);
    await settle();
    expect(mailsTo(member.email)).toHaveLength(1);
    expect(await eventsOf(t, 'usage.limit-warning', watchedId)).toHaveLength(1);
  });

  it('refuses a preferences body with nothing in it', async () => {
    const { t, member } = await setUp('30');
    const empty = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      headers: member.auth,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
  });
});
