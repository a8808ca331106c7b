import { ResourceMessages, type UsageSummary, UsageSummaryMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Actor = { auth: Record<string, string> };
type Cell = { weekday: number; hour: number; hours: number };

/** The 168 cells of the weekday × hour matrix with the given non-zero ones. */
function busyHours(nonZero: Cell[]): Cell[] {
  const cells: Cell[] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    for (let hour = 0; hour < 24; hour += 1) {
      const given = nonZero.find((cell) => cell.weekday === weekday && cell.hour === hour);
      cells.push({ weekday, hour, hours: given?.hours ?? 0 });
    }
  }
  return cells;
}

function days(counts: Record<string, number>, from: string, to: string) {
  const list: { date: string; sessions: number }[] = [];
  for (let day = Date.parse(from); day <= Date.parse(to); day += 86_400_000) {
    const date = new Date(day).toISOString().slice(0, 10);
    list.push({ date, sessions: counts[date] ?? 0 });
  }
  return list;
}

describe.each(TEST_DIALECTS)('GET /api/analytics/usage-summary on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  /** The app's clock: the real time unless a test fixes it (running sessions count up to it). */
  let fixedNow: Date | null = null;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: { now: () => fixedNow ?? new Date() } });
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(() => t?.close());

  async function session(resourceId: number, userId: number, start: string, end: string | null) {
    await t.database.db
      .insertInto('usage_sessions')
      .values({
        resource_id: resourceId,
        user_id: userId,
        start_time: new Date(start),
        end_time: end === null ? null : new Date(end),
      })
      .execute();
  }

  const summary = (query: string, actor: Actor | null = manager) =>
    t.app.inject({
      method: 'GET',
      url: `/api/analytics/usage-summary?${query}`,
      headers: actor?.auth ?? {},
    });

  // Each scenario lives in its own weeks: the running session of 2010 overlaps every later range.
  const march2010 = 'start=2010-03-01T00:00:00.000Z&end=2010-03-08T00:00:00.000Z';

  it('refuses a caller who is not signed in with 401, others without canManageResources with 403', async () => {
    expect((await summary(`${march2010}&timeZone=UTC`, null)).statusCode).toBe(401);
    for (const actor of [
      await t.given.member(),
      await t.given.user({ canManageSystemConfiguration: true }),
    ]) {
      const refused = await summary(`${march2010}&timeZone=UTC`, actor);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ResourceMessages.forbiddenManageResources);
    }
  });

  it.each([
    ['no time zone', march2010, 'timeZone'],
    ['an unknown time zone', `${march2010}&timeZone=Mars%2FOlympus_Mons`, 'timeZone'],
    ['an offset instead of a zone', `${march2010}&timeZone=%2B01%3A00`, 'timeZone'],
    ['no start', 'end=2010-03-08T00:00:00.000Z&timeZone=UTC', 'start'],
    ['a date without a time', 'start=2010-03-01&end=2010-03-08T00:00:00.000Z&timeZone=UTC', 'start'],
    [
      'a start after the end',
      'start=2010-03-09T00:00:00.000Z&end=2010-03-08T00:00:00.000Z&timeZone=UTC',
      'start',
    ],
    [
      'a range of more than 367 days',
      'start=2010-01-01T00:00:00.000Z&end=2011-01-03T00:00:00.001Z&timeZone=UTC',
      'end',
    ],
  ])('refuses %s with 400 and names the field', async (_name, query, field) => {
    const response = await summary(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(UsageSummaryMessages.invalidQuery);
    expect(Object.keys(response.json().errors)).toEqual([field]);
  });

  it('names the rule of an unknown zone and of too long a range', async () => {
    const zone = await summary(`${march2010}&timeZone=Nowhere%2FCity`);
    expect(zone.json().errors).toEqual({ timeZone: [UsageSummaryMessages.unknownTimeZone] });
    const long = await summary('start=2010-01-01T00:00:00.000Z&end=2011-01-03T00:00:00.000Z&timeZone=UTC');
    expect(long.statusCode).toBe(200);
    const tooLong = await summary('start=2010-01-01T00:00:00.000Z&end=2011-01-03T00:00:00.001Z&timeZone=UTC');
    expect(tooLong.json().errors).toEqual({ end: [UsageSummaryMessages.rangeTooLong] });
  });

  describe('a week of March 2010 (Monday 1 to Sunday 7) with sessions across its edges and midnight', () => {
    let laser: { id: number };
    let lathe: { id: number };
    let ada: { id: number; username: string };
    let bob: { id: number; username: string };

    beforeAll(async () => {
      laser = await given.resource(manager, { name: 'Laser cutter' });
      lathe = await given.resource(manager, { name: 'Lathe' });
      ada = await t.given.member();
      bob = await t.given.member();
      // Starts before the range: 1 h inside, not a session started in the range.
      await session(laser.id, ada.id, '2010-02-28T23:00:00.000Z', '2010-03-01T01:00:00.000Z');
      // Crosses midnight (UTC): half an hour on each side.
      await session(laser.id, bob.id, '2010-03-02T23:30:00.000Z', '2010-03-03T00:30:00.000Z');
      // Ends after the range: 2 h inside.
      await session(lathe.id, ada.id, '2010-03-07T22:00:00.000Z', '2010-03-08T02:00:00.000Z');
      // Still running: counts up to the clock, 10:00 to 12:15.
      await session(lathe.id, bob.id, '2010-03-05T10:00:00.000Z', null);
      // Outside: ended before the range, and started as it ends.
      await session(laser.id, ada.id, '2010-02-27T10:00:00.000Z', '2010-02-27T11:00:00.000Z');
      await session(laser.id, bob.id, '2010-03-08T00:00:00.000Z', '2010-03-08T01:00:00.000Z');
    });

    const at = async (timeZone: string): Promise<UsageSummary> => {
      fixedNow = new Date('2010-03-05T12:15:00.000Z');
      try {
        const response = await summary(`${march2010}&timeZone=${encodeURIComponent(timeZone)}`);
        expect(response.statusCode).toBe(200);
        return response.json();
      } finally {
        fixedNow = null;
      }
    };

    it('sums only the part inside the range per resource and per user, a running session up to now', async () => {
      const body = await at('UTC');
      expect(body.timeZone).toBe('UTC');
      expect(body.totalHours).toBe(6.25);
      expect(body.resources).toEqual([
        { resource: { id: lathe.id, name: 'Lathe' }, hours: 4.25 },
        { resource: { id: laser.id, name: 'Laser cutter' }, hours: 2 },
      ]);
      expect(body.topUsers).toEqual([
        { user: { id: bob.id, username: bob.username }, hours: 3.25 },
        { user: { id: ada.id, username: ada.username }, hours: 3 },
      ]);
    });

    it('counts sessions started per UTC day and occupied hours per UTC weekday and hour', async () => {
      const body = await at('UTC');
      expect(body.sessionsPerDay).toEqual(
        days({ '2010-03-02': 1, '2010-03-05': 1, '2010-03-07': 1 }, '2010-03-01', '2010-03-07'),
      );
      expect(body.busyHours).toEqual(
        busyHours([
          { weekday: 1, hour: 0, hours: 1 },
          { weekday: 2, hour: 23, hours: 0.5 },
          { weekday: 3, hour: 0, hours: 0.5 },
          { weekday: 5, hour: 10, hours: 1 },
          { weekday: 5, hour: 11, hours: 1 },
          { weekday: 5, hour: 12, hours: 0.25 },
          { weekday: 7, hour: 22, hours: 1 },
          { weekday: 7, hour: 23, hours: 1 },
        ]),
      );
    });

    it('moves days and hours to the viewer’s zone (Berlin, UTC+1), totals unchanged', async () => {
      const body = await at('Europe/Berlin');
      expect(body.totalHours).toBe(6.25);
      // The range runs from Monday 01:00 to the next Monday 01:00 in Berlin: eight local days.
      expect(body.sessionsPerDay).toEqual(
        days({ '2010-03-03': 1, '2010-03-05': 1, '2010-03-07': 1 }, '2010-03-01', '2010-03-08'),
      );
      expect(body.busyHours).toEqual(
        busyHours([
          { weekday: 1, hour: 0, hours: 1 },
          { weekday: 1, hour: 1, hours: 1 },
          { weekday: 3, hour: 0, hours: 0.5 },
          { weekday: 3, hour: 1, hours: 0.5 },
          { weekday: 5, hour: 11, hours: 1 },
          { weekday: 5, hour: 12, hours: 1 },
          { weekday: 5, hour: 13, hours: 0.25 },
          { weekday: 7, hour: 23, hours: 1 },
        ]),
      );
    });
  });

  it('follows a daylight saving change: New York skips 2:00 on Sunday 8 March 2009', async () => {
    const saw = await given.resource(manager, { name: 'Band saw' });
    const member = await t.given.member();
    // 01:00 EST to 04:00 EDT: two real hours, in the local hours 1 and 3.
    await session(saw.id, member.id, '2009-03-08T06:00:00.000Z', '2009-03-08T08:00:00.000Z');
    // Saturday 23:30 to Sunday 00:30 local (04:30 to 05:30 UTC, a single UTC day).
    await session(saw.id, member.id, '2009-03-08T04:30:00.000Z', '2009-03-08T05:30:00.000Z');
    // Local Saturday 00:00 EST to Monday 00:00 EDT: 47 hours, two local days.
    const response = await summary(
      'start=2009-03-07T05:00:00.000Z&end=2009-03-09T04:00:00.000Z&timeZone=America%2FNew_York',
    );
    expect(response.statusCode).toBe(200);
    const body: UsageSummary = response.json();
    expect(body.totalHours).toBe(3);
    expect(body.sessionsPerDay).toEqual([
      { date: '2009-03-07', sessions: 1 },
      { date: '2009-03-08', sessions: 1 },
    ]);
    expect(body.busyHours).toEqual(
      busyHours([
        { weekday: 6, hour: 23, hours: 0.5 },
        { weekday: 7, hour: 0, hours: 0.5 },
        { weekday: 7, hour: 1, hours: 1 },
        { weekday: 7, hour: 3, hours: 1 },
      ]),
    );
  });

  it('splits hours at local hour boundaries in a zone half an hour off whole hours (Kolkata)', async () => {
    const drill = await given.resource(manager, { name: 'Drill press' });
    const member = await t.given.member();
    // 05:30 to 06:30 on Tuesday 3 June 2008 in Kolkata (UTC+5:30).
    await session(drill.id, member.id, '2008-06-03T00:00:00.000Z', '2008-06-03T01:00:00.000Z');
    const response = await summary(
      'start=2008-06-01T00:00:00.000Z&end=2008-06-08T00:00:00.000Z&timeZone=Asia%2FKolkata',
    );
    const body: UsageSummary = response.json();
    expect(body.busyHours).toEqual(
      busyHours([
        { weekday: 2, hour: 5, hours: 0.5 },
        { weekday: 2, hour: 6, hours: 0.5 },
      ]),
    );
    expect(body.sessionsPerDay.find((day) => day.sessions > 0)).toEqual({ date: '2008-06-03', sessions: 1 });
  });

  it('lists the 10 users with the most hours, most first', async () => {
    const printer = await given.resource(manager, { name: '3D printer' });
    const users = [];
    for (let index = 0; index < 12; index += 1) {
      const member = await t.given.member();
      users.push(member);
      // User i uses the printer i + 1 quarter hours on 1 May 2007.
      const start = Date.parse('2007-05-01T08:00:00.000Z') + index * 86_400_000;
      await session(
        printer.id,
        member.id,
        new Date(start).toISOString(),
        new Date(start + (index + 1) * 900_000).toISOString(),
      );
    }
    const response = await summary(
      'start=2007-05-01T00:00:00.000Z&end=2007-06-01T00:00:00.000Z&timeZone=UTC',
    );
    const body: UsageSummary = response.json();
    expect(body.topUsers).toEqual(
      users
        .map((user, index) => ({ user: { id: user.id, username: user.username }, hours: (index + 1) / 4 }))
        .reverse()
        .slice(0, 10),
    );
    expect(body.resources).toEqual([{ resource: { id: printer.id, name: '3D printer' }, hours: 19.5 }]);
    expect(body.sessionsPerDay).toHaveLength(31);
  });

  it('answers an empty summary for a range without sessions', async () => {
    const response = await summary(
      'start=2006-01-01T00:00:00.000Z&end=2006-01-03T00:00:00.000Z&timeZone=UTC',
    );
    expect(response.json()).toEqual({
      timeZone: 'UTC',
      totalHours: 0,
      resources: [],
      sessionsPerDay: [
        { date: '2006-01-01', sessions: 0 },
        { date: '2006-01-02', sessions: 0 },
      ],
      busyHours: busyHours([]),
      topUsers: [],
    });
  });
});
