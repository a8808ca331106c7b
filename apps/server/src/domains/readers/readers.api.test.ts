import {
  Messages,
  ReaderCloseCodes,
  ReaderCloseReasons,
  ReaderMessages,
  ResourceMessages,
} from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { READER_TEST_RATE_LIMITS, readerFixtures } from '../../test/reader-fixtures.ts';
import { resourceFixtures } from '../../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';
import { createNfcCardsRepository } from './nfc-cards.repository.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe.each(TEST_DIALECTS)('FABReader and NFC card calls on %s', (dialect) => {
  let t: TestApp;
  let readers: Awaited<ReturnType<typeof readerFixtures>>;
  let given: ReturnType<typeof resourceFixtures>;
  let admin: Actor;
  let member: Actor;
  /** Every answer body of this file, to prove no reader key ever appears in one. */
  const bodies: string[] = [];
  const keys: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, { rateLimits: READER_TEST_RATE_LIMITS });
    readers = await readerFixtures(t);
    given = resourceFixtures(t);
    admin = await t.given.administrator();
    member = await t.given.member();
  });
  afterAll(async () => {
    await readers?.closeAll();
    await t?.close();
  });

  /** A call as `actor` (admin by default), or signed out (null). */
  async function call(method: Method, url: string, payload?: object, actor: Actor | null = admin) {
    const response = await t.app.inject({
      method,
      url,
      ...(actor ? { headers: actor.auth } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
    bodies.push(response.body);
    return response;
  }

  async function pairedReader(name = 'Door reader') {
    const paired = await readers.connectedReader(admin, name);
    keys.push(paired.credentials.readerKey);
    return paired;
  }

  function expectError(response: { statusCode: number; json(): unknown }, status: number, message: string) {
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, message });
  }

  const cards = createNfcCardsRepository();
  const enrol = async (userId: number, uid: string) =>
    cards.insert(t.database.db, { uid, userId, keyVersion: 1 }, new Date());

  describe('POST /api/fabreader/readers/pair', () => {
    it('approves the waiting reader by its code: 201 with the reader, never its key', async () => {
      const waiting = await readers.waitingReader({ deviceId: 'esp32-a1', firmware: '1.2.0' });
      expect(waiting.code).toMatch(/^[0-9]{6}$/);
      const response = await call('POST', '/api/fabreader/readers/pair', {
        code: waiting.code,
        name: 'Laser reader',
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        name: 'Laser reader',
        connected: false,
        lastConnection: null,
        hasAccessToResourceIds: [],
      });
      const credentials = await waiting.paired;
      keys.push(credentials.readerKey);
      expect(credentials.readerId).toBe(response.json().id);
      expect(response.body).not.toContain(credentials.readerKey);
      expect(waiting.simulator.isOpen).toBe(false);
      expect(await waiting.simulator.waitForClose()).toEqual({
        code: 1000,
        reason: ReaderCloseReasons.paired,
      });
    });

    it('answers 404 "Pairing code not found" for a wrong code and leaves the waiting reader alone', async () => {
      const waiting = await readers.waitingReader();
      const wrong = waiting.code === '000000' ? '000001' : '000000';
      expectError(
        await call('POST', '/api/fabreader/readers/pair', { code: wrong, name: 'Wrong' }),
        404,
        ReaderMessages.pairingCodeNotFound,
      );
      expect(waiting.simulator.isOpen).toBe(true);
      const approved = await call('POST', '/api/fabreader/readers/pair', {
        code: waiting.code,
        name: 'Right',
      });
      expect(approved.statusCode).toBe(201);
      keys.push((await waiting.paired).readerKey);
      // A used code is gone.
      expectError(
        await call('POST', '/api/fabreader/readers/pair', { code: waiting.code, name: 'Again' }),
        404,
        ReaderMessages.pairingCodeNotFound,
      );
    });

    it('refuses codes that are not six digits and names that are empty, with 400', async () => {
      for (const body of [
        { code: '12345', name: 'x' },
        { code: '1234567', name: 'x' },
        { code: 123456, name: 'x' },
        { code: '12a456', name: 'x' },
        { code: '123456', name: '   ' },
        { code: '123456' },
      ]) {
        expect(
          (await call('POST', '/api/fabreader/readers/pair', body)).statusCode,
          JSON.stringify(body),
        ).toBe(400);
      }
    });

    it('is for canManageSystemConfiguration only', async () => {
      const waiting = await readers.waitingReader();
      const body = { code: waiting.code, name: 'Sneaky' };
      expectError(await call('POST', '/api/fabreader/readers/pair', body, null), 401, Messages.unauthorized);
      expectError(
        await call('POST', '/api/fabreader/readers/pair', body, member),
        403,
        Messages.forbiddenInsufficientPermissions,
      );
      const manager = await t.given.user({ canManageResources: true, canManageUsers: true });
      expectError(
        await call('POST', '/api/fabreader/readers/pair', body, manager),
        403,
        Messages.forbiddenInsufficientPermissions,
      );
      expect(waiting.simulator.isOpen).toBe(true);
      await waiting.simulator.disconnect();
    });
  });

  describe('GET /api/fabreader/readers', () => {
    it('lists every reader with its state to any signed-in user', async () => {
      const { reader } = await pairedReader('Lathe reader');
      const resource = await given.resource(admin);
      await call('PATCH', `/api/fabreader/readers/${reader.id}`, { connectedResources: [resource.id] });
      for (const actor of [member, admin]) {
        const response = await call('GET', '/api/fabreader/readers', undefined, actor);
        expect(response.statusCode).toBe(200);
        const listed = response.json().find((entry: { id: number }) => entry.id === reader.id);
        expect(listed).toEqual({
          id: reader.id,
          name: 'Lathe reader',
          connected: true,
          lastConnection: expect.any(String),
          hasAccessToResourceIds: [resource.id],
        });
        expect(Math.abs(Date.parse(listed.lastConnection) - Date.now())).toBeLessThan(60_000);
      }
      expectError(await call('GET', '/api/fabreader/readers', undefined, null), 401, Messages.unauthorized);
    });
  });

  describe('GET /api/fabreader/readers/{readerId}', () => {
    it('answers one reader to canManageSystemConfiguration, 404 for an unknown one', async () => {
      const { reader } = await pairedReader();
      const response = await call('GET', `/api/fabreader/readers/${reader.id}`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ id: reader.id, name: 'Door reader', connected: true });
      expectError(await call('GET', '/api/fabreader/readers/999999'), 404, ReaderMessages.readerNotFound);
      expectError(
        await call('GET', `/api/fabreader/readers/${reader.id}`, undefined, null),
        401,
        Messages.unauthorized,
      );
      expectError(
        await call('GET', `/api/fabreader/readers/${reader.id}`, undefined, member),
        403,
        Messages.forbiddenInsufficientPermissions,
      );
      expect((await call('GET', '/api/fabreader/readers/abc')).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/fabreader/readers/{readerId}', () => {
    it('renames and replaces the resources at once, while the reader stays connected on the same socket', async () => {
      const { reader, simulator } = await pairedReader('Old name');
      let reconnects = 0;
      simulator.on('close', () => {
        reconnects += 1;
      });
      const [first, second] = [
        await given.resource(admin, { name: 'Laser' }),
        await given.resource(admin, { name: 'Drill' }),
      ];
      const renamed = await call('PATCH', `/api/fabreader/readers/${reader.id}`, {
        name: '  Workshop door  ',
        connectedResources: [second.id, first.id, second.id],
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toEqual({
        id: reader.id,
        name: 'Workshop door',
        connected: true,
        lastConnection: expect.any(String),
        hasAccessToResourceIds: [first.id, second.id].sort((a, b) => a - b),
      });
      // What the next tap on this reader reads: the new list, without a reconnect.
      expect(await t.services.readers.resourcesOf(reader.id)).toEqual(
        [first, second].sort((a, b) => a.id - b.id).map(({ id, name }) => ({ id, name })),
      );
      const onlyName = await call('PATCH', `/api/fabreader/readers/${reader.id}`, { name: 'Door' });
      expect(onlyName.json().hasAccessToResourceIds).toHaveLength(2);
      const cleared = await call('PATCH', `/api/fabreader/readers/${reader.id}`, { connectedResources: [] });
      expect(cleared.json()).toMatchObject({ name: 'Door', hasAccessToResourceIds: [] });
      expect(await t.services.readers.resourcesOf(reader.id)).toEqual([]);
      expect(simulator.isOpen).toBe(true);
      expect(reconnects).toBe(0);
    });

    it('drops the link when a resource is deleted', async () => {
      const { reader } = await pairedReader();
      const resource = await given.resource(admin);
      await call('PATCH', `/api/fabreader/readers/${reader.id}`, { connectedResources: [resource.id] });
      expect((await call('DELETE', `/api/resources/${resource.id}`)).statusCode).toBe(200);
      expect(
        (await call('GET', `/api/fabreader/readers/${reader.id}`)).json().hasAccessToResourceIds,
      ).toEqual([]);
    });

    it('answers 404 "Resource not found" for an unknown resource and changes nothing', async () => {
      const { reader } = await pairedReader('Keep me');
      const resource = await given.resource(admin);
      await call('PATCH', `/api/fabreader/readers/${reader.id}`, { connectedResources: [resource.id] });
      expectError(
        await call('PATCH', `/api/fabreader/readers/${reader.id}`, {
          name: 'Changed',
          connectedResources: [resource.id, 999999],
        }),
        404,
        ResourceMessages.resourceNotFound,
      );
      expect((await call('GET', `/api/fabreader/readers/${reader.id}`)).json()).toMatchObject({
        name: 'Keep me',
        hasAccessToResourceIds: [resource.id],
      });
    });

    it('refuses bad input with 400, unknown readers with 404, others with 401 and 403', async () => {
      const { reader } = await pairedReader();
      for (const body of [
        { name: '' },
        { name: 'a'.repeat(201) },
        { connectedResources: ['x'] },
        { connectedResources: 5 },
      ]) {
        expect(
          (await call('PATCH', `/api/fabreader/readers/${reader.id}`, body)).statusCode,
          JSON.stringify(body),
        ).toBe(400);
      }
      expectError(
        await call('PATCH', '/api/fabreader/readers/999999', { name: 'x' }),
        404,
        ReaderMessages.readerNotFound,
      );
      expectError(
        await call('PATCH', `/api/fabreader/readers/${reader.id}`, { name: 'x' }, null),
        401,
        Messages.unauthorized,
      );
      expectError(
        await call('PATCH', `/api/fabreader/readers/${reader.id}`, { name: 'x' }, member),
        403,
        Messages.forbiddenInsufficientPermissions,
      );
    });
  });

  describe('DELETE /api/fabreader/readers/{readerId}', () => {
    it('forgets the reader and closes its socket with 4401; its key no longer authenticates', async () => {
      const { reader, simulator } = await pairedReader();
      expectError(
        await call('DELETE', `/api/fabreader/readers/${reader.id}`, undefined, null),
        401,
        Messages.unauthorized,
      );
      expectError(
        await call('DELETE', `/api/fabreader/readers/${reader.id}`, undefined, member),
        403,
        Messages.forbiddenInsufficientPermissions,
      );
      expect(simulator.isOpen).toBe(true);
      const response = await call('DELETE', `/api/fabreader/readers/${reader.id}`);
      expect(response.statusCode).toBe(200);
      expect(await simulator.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.readerDeleted,
      });
      expectError(
        await call('GET', `/api/fabreader/readers/${reader.id}`),
        404,
        ReaderMessages.readerNotFound,
      );
      await simulator.connect();
      expect(await simulator.waitForClose()).toEqual({
        code: ReaderCloseCodes.unauthorized,
        reason: ReaderCloseReasons.unknownReader,
      });
      expectError(
        await call('DELETE', `/api/fabreader/readers/${reader.id}`),
        404,
        ReaderMessages.readerNotFound,
      );
    });
  });

  describe('GET /api/fabreader/cards', () => {
    it("answers a member's own cards without the user column, and every card with it to administrators", async () => {
      const owner = await t.given.member();
      const other = await t.given.member();
      const mine = await enrol(owner.id, '04A1B2C3D4E5F6');
      const theirs = await enrol(other.id, '04a1b2c3d4e5f7');
      const own = await call('GET', '/api/fabreader/cards', undefined, owner);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([
        { id: mine, uid: '04a1b2c3d4e5f6', userId: owner.id, createdAt: expect.any(String) },
      ]);
      const all = (await call('GET', '/api/fabreader/cards')).json();
      expect(all).toEqual(
        expect.arrayContaining([
          {
            id: mine,
            uid: '04a1b2c3d4e5f6',
            userId: owner.id,
            createdAt: expect.any(String),
            user: { id: owner.id, username: owner.username },
          },
          {
            id: theirs,
            uid: '04a1b2c3d4e5f7',
            userId: other.id,
            createdAt: expect.any(String),
            user: { id: other.id, username: other.username },
          },
        ]),
      );
      expectError(await call('GET', '/api/fabreader/cards', undefined, null), 401, Messages.unauthorized);
    });

    it('keeps a UID unique however it is spelled', async () => {
      const owner = await t.given.member();
      await enrol(owner.id, '04AABBCCDDEE01');
      await expect(enrol(member.id, '04aabbccddee01')).rejects.toThrow();
    });
  });

  describe('DELETE /api/fabreader/cards/{cardId}', () => {
    it('lets the owner and administrators delete a card, and refuses everyone else with 403', async () => {
      const owner = await t.given.member();
      const stranger = await t.given.member();
      const first = await enrol(owner.id, '04000000000101');
      const second = await enrol(owner.id, '04000000000102');
      expectError(
        await call('DELETE', `/api/fabreader/cards/${first}`, undefined, null),
        401,
        Messages.unauthorized,
      );
      expectError(
        await call('DELETE', `/api/fabreader/cards/${first}`, undefined, stranger),
        403,
        Messages.forbiddenInsufficientPermissions,
      );
      expect(await cards.find(t.database.db, first)).toBeDefined();
      expect((await call('DELETE', `/api/fabreader/cards/${first}`, undefined, owner)).statusCode).toBe(200);
      expect((await call('DELETE', `/api/fabreader/cards/${second}`)).statusCode).toBe(200);
      expect((await call('GET', '/api/fabreader/cards', undefined, owner)).json()).toEqual([]);
      expectError(await call('DELETE', `/api/fabreader/cards/${first}`), 404, ReaderMessages.cardNotFound);
    });

    it("goes with its owner's account", async () => {
      const owner = await t.given.member();
      const card = await enrol(owner.id, '04000000000201');
      await t.database.db.deleteFrom('users').where('id', '=', owner.id).execute();
      expect(await cards.find(t.database.db, card)).toBeUndefined();
    });
  });

  describe('card keys', () => {
    it('has no call that hands out card keys, and the API documentation says why', async () => {
      expect((await call('POST', '/api/fabreader/cards/keys', {})).statusCode).toBe(404);
      const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(document.paths['/api/fabreader/cards/keys']).toBeUndefined();
      for (const path of [
        '/api/fabreader/readers',
        '/api/fabreader/readers/pair',
        '/api/fabreader/readers/{readerId}',
        '/api/fabreader/cards',
        '/api/fabreader/cards/{cardId}',
      ]) {
        expect(document.paths[path], path).toBeDefined();
      }
      const tag = document.tags.find((entry: { name: string }) => entry.name === 'FABReader');
      expect(tag.description).toContain('no POST /api/fabreader/cards/keys');
    });
  });

  describe('reader keys', () => {
    it('are stored only sealed, and appear in no answer', async () => {
      const { reader, credentials } = await pairedReader();
      const row = await t.database.db
        .selectFrom('readers')
        .select('key_sealed')
        .where('id', '=', reader.id)
        .executeTakeFirstOrThrow();
      expect(row.key_sealed).not.toContain(credentials.readerKey);
      expect(row.key_sealed).toMatch(/^v1:/);
      expect(t.services.secretBox('reader-key').open(row.key_sealed)).toBe(credentials.readerKey);
      expect(() => t.services.secretBox('webhook-secret').open(row.key_sealed)).toThrow();
      expect(keys.length).toBeGreaterThan(3);
      for (const key of keys) {
        for (const body of bodies) expect(body).not.toContain(key);
      }
    });
  });
});
