import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { ResourceErrorCodes, ResourceMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, TEST_SCRYPT, type TestApp } from '../test/build-test-app.ts';
import { multipart, resourceFixtures } from '../test/resource-fixtures.ts';
import { TEST_DIALECTS } from '../test/test-database.ts';
import { openSqlite, SQLITE_FILE_NAME } from './db/database.ts';
import { createLogger } from './logging/logger.ts';

/** A PNG whose header claims `width` × `height` pixels and which holds almost no pixel data. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe.each(TEST_DIALECTS)('transport, files and notes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('sends no Strict-Transport-Security for an http PUBLIC_URL', async () => {
    for (const url of ['/', '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends Strict-Transport-Security on pages and data when PUBLIC_URL is https', async () => {
    const { app } = await buildApp({
      config: { ...t.config, publicUrl: 'https://tools.example.org' },
      database: t.database,
      logger: createLogger('silent'),
      scrypt: TEST_SCRYPT,
      webDistDir: t.database.dataDir,
    });
    try {
      for (const url of ['/', '/api/health']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
      }
    } finally {
      await app.close();
    }
  });

  it('refuses an image of more than 40 megapixels from its header, before decoding it', async () => {
    const manager = await t.given.user({ canManageResources: true });
    const form = await multipart(
      { name: 'Huge photo', allowTakeOver: 'false' },
      { name: 'huge.png', type: 'image/png', content: pngHeaderOnly(8_000, 6_000) },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { ...manager.auth, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: ResourceMessages.imageTooManyPixels,
      errorCode: ResourceErrorCodes.imageTooManyPixels,
    });
  });

  it("shows a running session's start notes only to its user and resource managers", async () => {
    const manager = await t.given.user({ canManageResources: true });
    const given = resourceFixtures(t);
    const resource = await given.resource(manager);
    const [user, other] = [await t.given.member(), await t.given.member()];
    await given.introduce(manager, resource.id, user.id);
    expect((await given.start(user, resource.id, { notes: 'private remark' })).statusCode).toBe(201);
    const notesSeenBy = async (viewer: { auth: { authorization: string } }) => {
      const active = await t.app.inject({
        method: 'GET',
        url: `/api/resources/${resource.id}/usage/active`,
        headers: viewer.auth,
      });
      const inUse = await t.app.inject({ method: 'GET', url: '/api/resources/in-use', headers: viewer.auth });
      const listed = inUse.json<{ resourceId: number; startNotes: string | null }[]>();
      return [
        active.json().usage.startNotes,
        listed.find((session) => session.resourceId === resource.id)?.startNotes,
      ];
    };
    expect(await notesSeenBy(user)).toEqual(['private remark', 'private remark']);
    expect(await notesSeenBy(manager)).toEqual(['private remark', 'private remark']);
    expect(await notesSeenBy(other)).toEqual([null, null]);
  });
});

describe('the data folder', () => {
  it('is 0700 with the database files 0600, also when an earlier version made it open', () => {
    const parent = mkdtempSync(path.join(os.tmpdir(), 'toolpass-modes-'));
    try {
      const dataDir = path.join(parent, 'data');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o755);
      const handle = openSqlite(dataDir);
      const mode = (file: string) => statSync(file).mode & 0o777;
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, SQLITE_FILE_NAME))).toBe(0o600);
      expect(mode(path.join(dataDir, `${SQLITE_FILE_NAME}-wal`))).toBe(0o600);
      return handle.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
