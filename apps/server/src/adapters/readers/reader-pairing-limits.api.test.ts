import { Messages, ReaderCloseCodes, ReaderCloseReasons } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/rate-limits.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { offsetClock } from '../../test/offset-clock.ts';
import { readerFixtures } from '../../test/reader-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const { readerHellos, readerPairingFailures } = DEFAULT_RATE_LIMITS;

/** The production limits, over the real socket: every reader of these tests comes from 127.0.0.1. */
describe.each(TEST_DIALECTS)('pairing the readers of a space behind one address on %s', (dialect) => {
  let t: TestApp;
  let readers: Awaited<ReturnType<typeof readerFixtures>>;
  let admin: Awaited<ReturnType<TestApp['given']['administrator']>>;
  const time = offsetClock();

  beforeAll(async () => {
    t = await buildTestApp(dialect, { clock: time.clock });
    readers = await readerFixtures(t);
    admin = await t.given.administrator();
  });
  afterAll(async () => {
    await readers?.closeAll();
    await t?.close();
  });

  const pair = (code: string, name: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/pair',
      headers: admin.auth,
      payload: { code, name },
    });

  async function pairOne(waiting: Awaited<ReturnType<typeof readers.waitingReader>>, name: string) {
    const response = await pair(waiting.code, name);
    expect(response.statusCode).toBe(201);
    expect((await waiting.paired).readerId).toBe(response.json().id);
  }

  it('pairs twenty readers one after another within a minute', async () => {
    const started = Date.now();
    for (let index = 0; index < 20; index += 1) {
      const waiting = await readers.waitingReader({ deviceId: `esp32-bench-${index}` });
      await pairOne(waiting, `Bench ${index}`);
    }
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('pairs readers that wait together, as many as the budget, batch after batch', async () => {
    for (let batch = 0; batch < 3; batch += 1) {
      const waiting = await Promise.all(
        Array.from({ length: readerHellos.max }, (_, index) =>
          readers.waitingReader({ deviceId: `esp32-wall-${batch}-${index}` }),
        ),
      );
      for (const [index, reader] of waiting.entries()) await pairOne(reader, `Wall ${batch}.${index}`);
    }
  });

  it('still refuses a flood of HELLOs that never pair, until the window passes', async () => {
    for (let index = 0; index < readerHellos.max; index += 1) {
      const waiting = await readers.waitingReader({ deviceId: `flood-${index}` });
      // Gone before anyone approved it: its HELLO stays spent.
      await waiting.simulator.disconnect();
    }
    const refused = readers.simulator({ deviceId: 'flood-over' });
    await expect(refused.pair()).rejects.toMatchObject({
      code: ReaderCloseCodes.tooManyAttempts,
      reason: ReaderCloseReasons.tooManyAttempts,
    });
    // A reader of the space is refused too until the window passes; then it pairs.
    await expect(readers.simulator().pair()).rejects.toMatchObject({
      code: ReaderCloseCodes.tooManyAttempts,
    });
    time.advance(readerHellos.timeWindowMs);
    await pairOne(await readers.waitingReader({ deviceId: 'after-the-flood' }), 'After the flood');
  });

  it.each([30, 200])(
    'refuses a burst of %i wrong pairing codes past the budget; the right code pairs after the window',
    async (size) => {
      const waiting = await readers.waitingReader({ deviceId: `guessed-${size}` });
      // Every code but the waiting reader's (codes are random, so one of the guesses could be it).
      const guesses = Array.from({ length: size }, (_, index) => String(index).padStart(6, '0')).map(
        (code) => (code === waiting.code ? '999999' : code),
      );
      const responses = await Promise.all(guesses.map((code) => pair(code, 'Guess')));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 404).length).toBe(readerPairingFailures.max);
      expect(statuses.filter((status) => status === 429).length).toBe(size - readerPairingFailures.max);
      expect(responses.find((response) => response.statusCode === 429)?.json().message).toBe(
        Messages.tooManyRequests,
      );
      // The waiting reader is untouched by the guesses; the right code waits for the window too.
      expect(waiting.simulator.isOpen).toBe(true);
      expect((await pair(waiting.code, 'Right')).statusCode).toBe(429);
      time.advance(readerPairingFailures.timeWindowMs);
      await pairOne(waiting, `Right ${size}`);
    },
  );
});
