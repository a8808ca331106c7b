import { randomBytes } from 'node:crypto';
import { type NfcCard, type Reader, ReaderDisplayTexts, ReaderMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { VirtualNtag424Card } from '../../cli/reader-simulator/virtual-ntag424-card.ts';
import { type DatabaseHandle, openPostgres } from '../../platform/db/database.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp } from '../../test/build-test-app.ts';
import { READER_TEST_RATE_LIMITS, readerFixtures, until } from '../../test/reader-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

const TIMINGS = { apduTimeoutMs: 1_000, selectTimeoutMs: 800, cardWaitTimeoutMs: 3_000 };

// Only PostgreSQL has a second instance: SQLite's file is held by one process.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'reader calls made on another instance on %s',
  (dialect) => {
    let a: TestApp;
    let databaseB: DatabaseHandle;
    let b: Awaited<ReturnType<typeof buildApp>>['app'];
    let readers: Awaited<ReturnType<typeof readerFixtures>>;

    beforeAll(async () => {
      a = await buildTestApp(dialect, { rateLimits: READER_TEST_RATE_LIMITS, readerTimings: TIMINGS });
      databaseB = openPostgres(a.database.databaseUrl ?? '');
      ({ app: b } = await buildApp({
        config: a.config,
        database: databaseB,
        logger: createLogger('silent'),
        scrypt: TEST_SCRYPT,
        webDistDir: a.database.dataDir,
        rateLimits: READER_TEST_RATE_LIMITS,
        readerTimings: TIMINGS,
      }));
      await b.ready();
      readers = await readerFixtures(a);
    });
    afterAll(async () => {
      await readers?.closeAll();
      await b?.close();
      await databaseB?.close();
      await a?.close();
    });

    it('pairs a reader waiting on instance A through instance B, then enrols and resets a card through B', async () => {
      const admin = await a.given.administrator();
      const waiting = await readers.waitingReader();
      const paired = await b.inject({
        method: 'POST',
        url: '/api/fabreader/readers/pair',
        headers: admin.auth,
        payload: { code: waiting.code, name: 'Laser reader' },
      });
      expect(paired.statusCode).toBe(201);
      const reader = paired.json<Reader>();
      expect(reader).toMatchObject({ name: 'Laser reader' });
      // A delivered the key to its socket: the reader connects with it (to A).
      const credentials = await waiting.paired;
      expect(credentials.readerId).toBe(reader.id);
      await waiting.simulator.connect();
      await until(() => a.services.readerConnections.isConnected(reader.id));

      const shown: string[] = [];
      waiting.simulator.on('display', (display: { text: string }) => shown.push(display.text));
      const uid = `04${randomBytes(6).toString('hex')}`;
      const card = VirtualNtag424Card.factory(Buffer.from(uid, 'hex'));
      const enrolling = b.inject({
        method: 'POST',
        url: '/api/fabreader/readers/enroll-nfc-card',
        headers: admin.auth,
        payload: { readerId: reader.id },
      });
      await until(() => shown.includes(ReaderDisplayTexts.tapToEnroll));
      waiting.simulator.tap(uid, card);
      const enrolled = await enrolling;
      expect(enrolled.statusCode).toBe(201);
      const stored = enrolled.json<NfcCard>();
      expect(stored).toMatchObject({ uid, userId: admin.id });
      expect(card.keyVersion(0)).toBe(1);

      // The holder's refusals come back as they are: another card is the wrong one.
      const resetting = (cardId: number) =>
        b.inject({
          method: 'POST',
          url: '/api/fabreader/readers/reset-nfc-card',
          headers: admin.auth,
          payload: { readerId: reader.id, cardId },
        });
      let from = shown.length;
      let answer = resetting(stored.id);
      await until(() => shown.slice(from).includes(ReaderDisplayTexts.tapToReset));
      waiting.simulator.tap(
        `04${randomBytes(6).toString('hex')}`,
        VirtualNtag424Card.factory(randomBytes(7)),
      );
      const wrong = await answer;
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json().message).toBe(ReaderMessages.wrongCard);

      from = shown.length;
      answer = resetting(stored.id);
      await until(() => shown.slice(from).includes(ReaderDisplayTexts.tapToReset));
      waiting.simulator.tap(uid, card);
      expect((await answer).statusCode).toBe(200);
      expect(card.keyVersion(0)).toBe(0);
    });

    it('answers 404 for a code no instance holds and for a reader no instance holds', async () => {
      const admin = await a.given.administrator();
      const started = performance.now();
      const unknown = await b.inject({
        method: 'POST',
        url: '/api/fabreader/readers/pair',
        headers: admin.auth,
        payload: { code: '999999', name: 'Nowhere' },
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(ReaderMessages.pairingCodeNotFound);
      // The other instances' silence is waited for, briefly.
      expect(performance.now() - started).toBeLessThan(5_000);
      const nowhere = await b.inject({
        method: 'POST',
        url: '/api/fabreader/readers/enroll-nfc-card',
        headers: admin.auth,
        payload: { readerId: 999_999 },
      });
      expect(nowhere.statusCode).toBe(404);
      expect(nowhere.json().message).toBe(ReaderMessages.readerNotFound);
    });
  },
);
