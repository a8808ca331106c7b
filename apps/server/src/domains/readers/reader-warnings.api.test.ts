import { type DisplayTone, READER_DISPLAY_TEXTS } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { READER_TEST_RATE_LIMITS, readerFixtures, until } from '../../test/reader-fixtures.ts';
import { multipart, resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { bookingClock } from '../bookings/booking-time.ts';

const MINUTE_MS = 60_000;

describe('the warning text of readers', () => {
  it('exists in English and German', () => {
    expect(READER_DISPLAY_TEXTS.en.endsAt).toBe('Ends at {time}');
    expect(READER_DISPLAY_TEXTS.de.endsAt).toBe('Endet um {time}');
  });
});

describe.each(TEST_DIALECTS)('the warning before an automatic end on readers on %s', (dialect) => {
  const time = offsetClock();
  let t: TestApp;
  let readers: Awaited<ReturnType<typeof readerFixtures>>;

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      rateLimits: READER_TEST_RATE_LIMITS,
      clock: time.clock,
      jobPollMs: 50,
    });
    readers = await readerFixtures(t);
  });
  afterAll(async () => {
    await readers?.closeAll();
    await t?.close();
  });

  it("shows 'Ends at HH:MM' on the readers of the session's resource, and nowhere else", async () => {
    const admin = await t.given.administrator();
    const given = resourceFixtures(t);
    const create = async (fields: Record<string, string>) => {
      const body = await multipart(fields);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/resources',
        headers: { ...admin.auth, ...body.headers },
        payload: body.payload,
      });
      return created.json<{ id: number }>();
    };
    const laser = await create({ name: 'Laser', maxSessionMinutes: '15' });
    const lathe = await create({ name: 'Lathe' });
    const connect = async (name: string, resourceId: number) => {
      const connected = await readers.connectedReader(admin, name);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/fabreader/readers/${connected.reader.id}`,
        headers: admin.auth,
        payload: { connectedResources: [resourceId] },
      });
      const shown: { text: string; tone: DisplayTone }[] = [];
      connected.simulator.on('display', (display) => shown.push(display));
      return shown;
    };
    const atLaser = await connect('At the laser', laser.id);
    const atLathe = await connect('At the lathe', lathe.id);

    const started = await given.start(admin, laser.id);
    expect(started.statusCode).toBe(201);
    const endsAt = new Date(Date.parse(started.json().startTime) + 15 * MINUTE_MS);

    time.advance(6 * MINUTE_MS);
    const expected = READER_DISPLAY_TEXTS.en.endsAt.replace('{time}', bookingClock().hhmm(endsAt));
    await until(() => atLaser.some((display) => display.text === expected));
    expect(atLaser.filter((display) => display.text === expected)).toEqual([
      { text: expected, tone: 'info' },
    ]);
    expect(atLathe).toEqual([]);
  });
});
