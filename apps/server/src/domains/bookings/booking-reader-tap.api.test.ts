import { randomBytes } from 'node:crypto';
import { type DisplayTone, READER_DISPLAY_TEXTS, ReaderDisplayTexts } from '@toolpass/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { VirtualNtag424Card } from '../../cli/reader-simulator/virtual-ntag424-card.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { READER_TEST_RATE_LIMITS, readerFixtures, until } from '../../test/reader-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { bookingSetUp, FAST_POLL, MINUTE_MS, slotAfter, span } from './booking-test-fixtures.ts';
import { bookingClock } from './booking-time.ts';

const TIMINGS = { apduTimeoutMs: 1_000, selectTimeoutMs: 800, cardWaitTimeoutMs: 1_500 };

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('booked-machine display texts', () => {
  it('exist in English and German', () => {
    expect(READER_DISPLAY_TEXTS.en.bookedBy).toBe('Booked by {username} until {time}');
    expect(READER_DISPLAY_TEXTS.de.bookedBy).toBe('Gebucht von {username} bis {time}');
    expect(READER_DISPLAY_TEXTS.de.blockedUntil).toBe('Gesperrt bis {time}');
  });
});

describe.each(TEST_DIALECTS)('a tap on a booked machine on %s', (dialect) => {
  it('is refused with the holder and the end on the display, and starts nothing', async () => {
    let t: TestApp | undefined;
    const setup = await bookingSetUp(async (clock) => {
      t = await buildTestApp(dialect, {
        clock,
        rateLimits: READER_TEST_RATE_LIMITS,
        readerTimings: TIMINGS,
        ...FAST_POLL,
      });
      return t;
    });
    if (!t) throw new Error('no app');
    const app = t;
    const readers = await readerFixtures(app);
    cleanups.push(() => app.close());
    cleanups.push(() => readers.closeAll());
    const { member, other, resource, book, travelTo } = setup;

    const admin = await app.given.administrator();
    const connected = await readers.connectedReader(
      admin,
      `Reader ${Math.random().toString(36).slice(2, 6)}`,
    );
    await app.app.inject({
      method: 'PATCH',
      url: `/api/fabreader/readers/${connected.reader.id}`,
      headers: admin.auth,
      payload: { connectedResources: [resource.id] },
    });
    const shown: { text: string; tone: DisplayTone }[] = [];
    connected.simulator.on('display', (display) => shown.push(display));
    const uid = `04${randomBytes(6).toString('hex')}`;
    const card = VirtualNtag424Card.factory(Buffer.from(uid, 'hex'));
    const enrolling = app.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/enroll-nfc-card',
      headers: other.auth,
      payload: { readerId: connected.reader.id },
    });
    await until(() => shown.some((display) => display.text === ReaderDisplayTexts.tapToEnroll));
    connected.simulator.tap(uid, card);
    expect((await enrolling).statusCode).toBe(201);

    const start = slotAfter(app.services.clock.now(), 60);
    expect((await book(member, span(start, 60))).statusCode).toBe(201);
    travelTo(new Date(start.getTime() + MINUTE_MS));
    const from = shown.length;
    connected.simulator.tap(uid, card);
    const outcomes = () => shown.slice(from).filter((display) => display.tone !== 'info');
    await until(() => outcomes().length > 0);
    const until_ = bookingClock().hhmm(new Date(start.getTime() + 60 * MINUTE_MS));
    expect(outcomes()[0]).toEqual({
      text: ReaderDisplayTexts.bookedBy.replace('{username}', member.username).replace('{time}', until_),
      tone: 'error',
    });
    const active = await app.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/usage/active`,
      headers: other.auth,
    });
    expect(active.json().usage).toBeNull();
  });
});
