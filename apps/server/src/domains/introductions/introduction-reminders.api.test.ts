import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { until } from '../../test/reader-fixtures.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

describe.each(TEST_DIALECTS)('introduction reminder mails on %s', (dialect) => {
  let t: TestApp;
  const time = offsetClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock, jobPollMs: 50 });
  });
  afterAll(() => t?.close());

  const mailsTo = (email: string) =>
    t.smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject.includes('lapses on'));

  /** Moves the clock past the next hourly sweep and waits until it has run. */
  async function sweepAfter(ms: number) {
    const before = await t.database.db
      .selectFrom('delivery_jobs')
      .select('id')
      .where('target_id', '=', 'introductions.reminders')
      .where('state', '=', 'done')
      .execute();
    time.advance(ms);
    await until(async () => {
      const done = await t.database.db
        .selectFrom('delivery_jobs')
        .select('id')
        .where('target_id', '=', 'introductions.reminders')
        .where('state', '=', 'done')
        .execute();
      return done.length > before.length;
    });
    // The mails the sweep queued are sent by the same runner.
    await new Promise((resolve) => setTimeout(resolve, 300));
  }

  it('mails 14 days and 1 day before the lapse, each once, through the mail queue', async () => {
    const given = resourceFixtures(t);
    const manager = await t.given.user({ canManageResources: true });
    const member = await t.given.member();
    const body = await multipart({ name: 'Reminder laser', introductionValidForDays: '30' });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...body.headers },
      payload: body.payload,
    });
    const resource = created.json<{ id: number }>();
    await given.introduce(manager, resource.id, member.id);

    await sweepAfter(2 * HOUR_MS);
    expect(mailsTo(member.email)).toHaveLength(0);

    // Day 16 and a bit: 14 days left.
    await sweepAfter(16 * DAY_MS);
    await until(() => mailsTo(member.email).length === 1);
    const [first] = mailsTo(member.email);
    expect(first?.subject).toContain('Reminder laser');
    expect(first?.text).toContain(`/resources/${resource.id}`);

    await sweepAfter(2 * HOUR_MS);
    expect(mailsTo(member.email)).toHaveLength(1);

    // Day 29 and a bit: one day left.
    await sweepAfter(13 * DAY_MS);
    await until(() => mailsTo(member.email).length === 2);
    await sweepAfter(2 * HOUR_MS);
    expect(mailsTo(member.email)).toHaveLength(2);
    const reminders = await t.database.db.selectFrom('introduction_reminders').selectAll().execute();
    expect(reminders.map((row) => row.days_before).sort((a, b) => a - b)).toEqual([1, 14]);
  });
});
