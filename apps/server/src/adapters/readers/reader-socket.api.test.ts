import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Messages, ReaderCloseCodes, ReaderCloseReasons, ReaderMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { SimulatedCard } from '../../cli/reader-simulator/reader-simulator.ts';
import { openPostgres } from '../../platform/db/database.ts';
import { DEFAULT_RATE_LIMITS } from '../../platform/http/rate-limits.ts';
import { createLogger } from '../../platform/logging/logger.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp } from '../../test/build-test-app.ts';
import { READER_TEST_RATE_LIMITS, readerFixtures, until } from '../../test/reader-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { CardExchangeError, type CardTap } from './reader-connections.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

/** The protocol's timeouts, shortened so the tests wait milliseconds instead of minutes. */
const TIMINGS = {
  helloTimeoutMs: 400,
  pairingLifetimeMs: 1_500,
  pingIntervalMs: 100,
  silenceTimeoutMs: 600,
  apduTimeoutMs: 300,
  selectTimeoutMs: 500,
};

/** A card that answers each APDU with its bytes reversed and 90 00, so a relayed answer is recognisable. */
const mirrorCard: SimulatedCard = {
  process: (apdu) => Buffer.concat([Buffer.from(apdu).reverse(), Buffer.from([0x90, 0x00])]),
};

describe.each(TEST_DIALECTS)('reader socket on %s', (dialect) => {
  let t: TestApp;
  let readers: Awaited<ReturnType<typeof readerFixtures>>;
  let admin: Actor;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: READER_TEST_RATE_LIMITS, readerTimings: TIMINGS });
    readers = await readerFixtures(t);
    admin = await t.given.administrator();
  });
  afterAll(async () => {
    await readers?.closeAll();
    await t?.close();
  });

  const listed = async (readerId: number) =>
    (await t.app.inject({ method: 'GET', url: '/api/fabreader/readers', headers: admin.auth }))
      .json()
      .find((reader: { id: number }) => reader.id === readerId);

  const pair = (code: string, name = 'Reader') =>
    t.app.inject({
      method: 'POST',
      url: '/api/fabreader/readers/pair',
      headers: admin.auth,
      payload: { code, name },
    });

  describe('pairing', () => {
    it('shows a code, gets its key once approved, keeps it in a 0600 file and authenticates with it', async () => {
      const keyFile = path.join(os.tmpdir(), `toolpass-reader-${process.pid}-${Date.now()}.json`);
      const waiting = await readers.waitingReader({ keyFile, deviceId: 'esp32-door' });
      expect(waiting.code).toMatch(/^[0-9]{6}$/);
      const approved = await pair(waiting.code, 'Door');
      expect(approved.statusCode).toBe(201);
      const credentials = await waiting.paired;
      expect(credentials).toEqual({
        readerId: approved.json().id,
        readerKey: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(keyFile, 'utf8'))).toEqual(credentials);
      expect((await listed(credentials.readerId)).connected).toBe(false);

      // A new simulator with only the key file, as a reader after a reboot.
      const rebooted = readers.simulator({ keyFile });
      expect(rebooted.credentials).toEqual(credentials);
      const before = Date.now();
      await rebooted.connect();
      await until(async () => (await listed(credentials.readerId)).connected === true);
      const reader = await listed(credentials.readerId);
      expect(Date.parse(reader.lastConnection)).toBeGreaterThanOrEqual(before - 1_000);
      expect(t.services.readerConnections.isConnected(credentials.readerId)).toBe(true);

      // Pings keep it connected well past the silence limit.
      await new Promise((resolve) => setTimeout(resolve, TIMINGS.silenceTimeoutMs * 2));
      expect(rebooted.isOpen).toBe(true);
      expect((await listed(credentials.readerId)).connected).toBe(true);

      await rebooted.disconnect();
      await until(async () => (await listed(credentials.readerId)).connected === false);
      expect((await listed(credentials.readerId)).lastConnection).toBe(reader.lastConnection);
    });

    it('forgets a reader that is not approved within its lifetime', async () => {
      const waiting = await readers.waitingReader();
      expect(await waiting.simulator.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.pairingExpired,
      });
      await expect(waiting.paired).rejects.toThrow();
      const late = await pair(waiting.code);
      expect(late.statusCode).toBe(404);
      expect(late.json().message).toBe(ReaderMessages.pairingCodeNotFound);
    });

    it('voids the code of a reader that leaves before it is approved', async () => {
      const waiting = await readers.waitingReader();
      const count = t.services.readerConnections.pendingCount();
      await waiting.simulator.disconnect();
      await until(() => t.services.readerConnections.pendingCount() === count - 1);
      expect((await pair(waiting.code)).statusCode).toBe(404);
    });

    it('gives readers waiting at the same time different codes', async () => {
      const waiting = await Promise.all([1, 2, 3, 4, 5].map(() => readers.waitingReader()));
      expect(new Set(waiting.map((reader) => reader.code)).size).toBe(5);
      await Promise.all(waiting.map((reader) => reader.simulator.disconnect()));
    });
  });

  describe('authentication', () => {
    it('closes with 4401 on a wrong MAC', async () => {
      const { credentials } = await readers.connectedReader(admin);
      const impostor = readers.simulator({ credentials: { ...credentials, readerKey: 'ab'.repeat(32) } });
      await impostor.connect();
      expect(await impostor.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.authenticationFailed,
      });
    });

    it('closes with 4401 for a reader id nobody paired', async () => {
      const stranger = readers.simulator({ credentials: { readerId: 999_999, readerKey: 'cd'.repeat(32) } });
      await stranger.connect();
      expect(await stranger.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.unknownReader,
      });
    });

    it('closes with 4401 when neither HELLO nor AUTH comes in time', async () => {
      const silent = readers.simulator();
      const started = Date.now();
      await silent.connectSilently();
      expect(await silent.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.noHello,
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.helloTimeoutMs - 50);
    });

    it('closes with 4401 on a CARD before AUTH, also while waiting for approval', async () => {
      const early = readers.simulator();
      await early.connectSilently();
      early.sendRaw({ type: 'CARD', uid: '04a1b2c3d4e5f6' });
      expect(await early.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.notAuthenticated,
      });
      const waiting = await readers.waitingReader();
      waiting.simulator.sendRaw({ type: 'CARD', uid: '04a1b2c3d4e5f6' });
      expect(await waiting.simulator.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.notAuthenticated,
      });
      expect((await pair(waiting.code)).statusCode).toBe(404);
    });

    it('closes with 4400 on a frame that is not the protocol', async () => {
      for (const frame of [
        { type: 'HELLO' },
        { type: 'AUTH', readerId: 1, mac: 'XYZ' },
        { type: 'NOPE' },
        'text',
      ]) {
        const sender = readers.simulator();
        await sender.connectSilently();
        sender.sendRaw(frame);
        expect(await sender.waitForClose(), JSON.stringify(frame)).toEqual({
          code: ReaderCloseCodes.invalidFrame,
          reason: ReaderCloseReasons.invalidFrame,
        });
      }
    });

    it('drops a reader that stops answering pings and lists it as disconnected', async () => {
      const { credentials } = await readers.connectedReader(admin);
      await readers.simulator({ credentials }).disconnect();
      const hung = readers.simulator({ credentials, answerPings: false });
      await hung.connect();
      await until(() => t.services.readerConnections.isConnected(credentials.readerId));
      const close = await hung.waitForClose();
      expect(close.code).toBe(1006);
      await until(async () => (await listed(credentials.readerId)).connected === false);
      expect(t.services.readerConnections.isConnected(credentials.readerId)).toBe(false);
    });

    it('closes the socket of a reader deleted elsewhere (another instance) at its next heartbeat', async () => {
      const { reader, simulator } = await readers.connectedReader(admin);
      await t.database.db.deleteFrom('readers').where('id', '=', reader.id).execute();
      expect(await simulator.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.readerDeleted,
      });
    });

    it('replaces an older socket of the same reader', async () => {
      const { reader, simulator, credentials } = await readers.connectedReader(admin);
      const second = readers.simulator({ credentials });
      await second.connect();
      expect(await simulator.waitForClose()).toEqual({
        code: ReaderCloseCodes.replaced,
        reason: ReaderCloseReasons.replaced,
      });
      await new Promise((resolve) => setTimeout(resolve, TIMINGS.pingIntervalMs * 3));
      expect(second.isOpen).toBe(true);
      expect((await listed(reader.id)).connected).toBe(true);
    });
  });

  describe('card exchanges', () => {
    it('reports a tap with its UID and relays APDUs to the card and its answers back', async () => {
      const { reader, simulator } = await readers.connectedReader(admin);
      const taps: CardTap[] = [];
      const stop = t.services.readerConnections.onCard((tap) => taps.push(tap));
      try {
        simulator.tap('04A1B2C3D4E5F6', mirrorCard);
        await until(() => taps.length === 1);
        expect(taps[0]).toMatchObject({ readerId: reader.id, uid: '04a1b2c3d4e5f6' });
        const answer = await taps[0]?.channel.transmit(Buffer.from('00a4040007d2760000850101', 'hex'));
        expect(answer?.toString('hex')).toBe('010185000076d2070004a4009000');
        const again = await t.services.readerConnections
          .channelFor(reader.id)
          ?.transmit(Buffer.from('9000', 'hex'));
        expect(again?.toString('hex')).toBe('00909000');
        // An APDU outside the contract is refused before it is sent.
        await expect(taps[0]?.channel.transmit(Buffer.alloc(0))).rejects.toThrow();
        await expect(taps[0]?.channel.transmit(Buffer.alloc(1025))).rejects.toThrow();
      } finally {
        stop();
      }
    });

    it('fails a step after its timeout, and ends a running exchange when another card comes', async () => {
      const { reader, simulator } = await readers.connectedReader(admin);
      const taps: CardTap[] = [];
      const stop = t.services.readerConnections.onCard((tap) => taps.push(tap));
      try {
        simulator.tap('04000000000001', mirrorCard);
        await until(() => taps.length === 1);
        simulator.removeCard();
        const started = Date.now();
        await expect(taps[0]?.channel.transmit(Buffer.from('0000', 'hex'))).rejects.toMatchObject({
          reason: 'timeout',
        });
        expect(Date.now() - started).toBeGreaterThanOrEqual(TIMINGS.apduTimeoutMs - 50);

        const running = taps[0]?.channel.transmit(Buffer.from('0001', 'hex'));
        simulator.tap('04000000000002', mirrorCard);
        await expect(running).rejects.toBeInstanceOf(CardExchangeError);
        await expect(running).rejects.toMatchObject({ reason: 'superseded' });
        await until(() => taps.length === 2);
        // The first card's channel stays dead; the new one works.
        await expect(taps[0]?.channel.transmit(Buffer.from('0002', 'hex'))).rejects.toMatchObject({
          reason: 'superseded',
        });
        expect((await taps[1]?.channel.transmit(Buffer.from('0203', 'hex')))?.toString('hex')).toBe(
          '03029000',
        );

        await simulator.disconnect();
        await until(() => !t.services.readerConnections.isConnected(reader.id));
        await expect(taps[1]?.channel.transmit(Buffer.from('0002', 'hex'))).rejects.toMatchObject({
          reason: 'disconnected',
        });
        expect(t.services.readerConnections.channelFor(reader.id)).toBeUndefined();
      } finally {
        stop();
      }
    });

    it('shows texts on the reader and asks it to choose a resource', async () => {
      const picks: number[] = [];
      const { reader, simulator } = await readers.connectedReader(admin, 'Select reader', {
        chooseResource: (resources) => picks.shift() ?? resources[0]?.id,
      });
      const displays: { text: string; tone: string }[] = [];
      simulator.on('display', (display) => displays.push(display));
      expect(t.services.readerConnections.display(reader.id, 'Tap to enroll', 'info')).toBe(true);
      await until(() => displays.length === 1);
      expect(displays[0]).toEqual({ text: 'Tap to enroll', tone: 'info' });

      const resources = [
        { id: 7, name: 'Laser' },
        { id: 9, name: 'Drill' },
      ];
      picks.push(9);
      expect(await t.services.readerConnections.choose(reader.id, resources)).toBe(9);
      // A pick that was not offered counts as none.
      picks.push(8);
      expect(await t.services.readerConnections.choose(reader.id, resources)).toBeUndefined();
      expect(t.services.readerConnections.display(999_999, 'Nobody', 'error')).toBe(false);
    });
  });
});

describe.each(TEST_DIALECTS)('reader rate limits on %s', (dialect) => {
  let t: TestApp;
  let readers: Awaited<ReturnType<typeof readerFixtures>>;
  beforeAll(async () => {
    const two = { max: 2, timeWindowMs: 60_000 };
    t = await buildTestApp(dialect, {
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        readerAuthFailures: two,
        readerHellos: two,
        readerPairingFailures: two,
      },
    });
    readers = await readerFixtures(t);
  });
  afterAll(async () => {
    await readers?.closeAll();
    await t?.close();
  });

  it('refuses an address more failed AUTHs than its budget', async () => {
    const closes = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const guesser = readers.simulator({ credentials: { readerId: 1, readerKey: 'ee'.repeat(32) } });
      await guesser.connect();
      closes.push(await guesser.waitForClose());
    }
    expect(closes.map((close) => close.code)).toEqual([
      ReaderCloseCodes.unauthorized,
      ReaderCloseCodes.unauthorized,
      ReaderCloseCodes.tooManyAttempts,
    ]);
    expect(closes[2]?.reason).toBe(ReaderCloseReasons.tooManyAttempts);
  });

  it('refuses an address more HELLOs than its budget', async () => {
    await readers.waitingReader();
    await readers.waitingReader();
    const third = readers.simulator();
    await expect(third.pair()).rejects.toMatchObject({
      code: ReaderCloseCodes.tooManyAttempts,
      reason: ReaderCloseReasons.tooManyAttempts,
    });
  });

  it('refuses a client more wrong pairing codes than its budget with 429', async () => {
    const admin = await t.given.administrator();
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/fabreader/readers/pair',
        headers: admin.auth,
        payload: { code: `00000${attempt}`, name: 'Guess' },
      });
      statuses.push(response.statusCode);
      if (attempt === 2) expect(response.json().message).toBe(Messages.tooManyRequests);
    }
    expect(statuses).toEqual([404, 404, 429]);
  });
});

// On SQLite one process holds the file, so there is no second instance to reach.
describe.each(TEST_DIALECTS.filter((dialect) => dialect === 'postgres'))(
  'readers across instances on %s',
  (dialect) => {
    it('lists a reader connected to one instance as connected on another, and a delete through the other closes it', async () => {
      const a = await buildTestApp(dialect, { rateLimits: READER_TEST_RATE_LIMITS, readerTimings: TIMINGS });
      const databaseB = openPostgres(a.database.databaseUrl ?? '');
      const { app: b } = await buildApp({
        config: a.config,
        database: databaseB,
        logger: createLogger('silent'),
        scrypt: TEST_SCRYPT,
        webDistDir: a.database.dataDir,
        readerTimings: TIMINGS,
      });
      const readers = await readerFixtures(a);
      try {
        const admin = await a.given.administrator();
        const { reader, simulator } = await readers.connectedReader(admin);
        const throughB = (method: 'GET' | 'DELETE', url: string) =>
          b.inject({ method, url, headers: admin.auth });
        const listedOnB = async () =>
          (await throughB('GET', '/api/fabreader/readers'))
            .json()
            .find((entry: { id: number }) => entry.id === reader.id);
        expect(await listedOnB()).toMatchObject({ connected: true, lastConnection: expect.any(String) });

        expect((await throughB('DELETE', `/api/fabreader/readers/${reader.id}`)).statusCode).toBe(200);
        expect(await simulator.waitForClose()).toEqual({
          code: ReaderCloseCodes.unauthorized,
          reason: ReaderCloseReasons.readerDeleted,
        });
      } finally {
        await readers.closeAll();
        await b.close();
        await databaseB.close();
        await a.close();
      }
    });
  },
);
