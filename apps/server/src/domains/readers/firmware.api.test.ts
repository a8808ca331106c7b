import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Messages, ReaderMessages } from '@toolpass/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { TEST_DIALECTS } from '../../test/test-database.ts';

type Actor = Awaited<ReturnType<TestApp['given']['user']>>;

const manifest = (name: string, version: string, chipFamily: string, parts: string[]) =>
  JSON.stringify({
    name,
    version,
    builds: [{ chipFamily, parts: parts.map((part, index) => ({ path: part, offset: index * 0x10000 })) }],
  });

describe.each(TEST_DIALECTS)('reader firmware for the flasher on %s', (dialect) => {
  let t: TestApp;
  let admin: Actor;
  let member: Actor;
  let folder: string;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    admin = await t.given.administrator();
    member = await t.given.member();
    folder = path.join(t.config.dataDir, 'fabreader-firmware');
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function place(files: Record<string, string | Buffer>) {
    await mkdir(folder, { recursive: true });
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(folder, name), content);
  }

  const get = (url: string, actor: Actor | null = admin) =>
    t.app.inject({ method: 'GET', url, ...(actor ? { headers: actor.auth } : {}) });

  describe('GET /_fabreader_assets/index.json', () => {
    it('answers an empty list when the folder does not exist', async () => {
      const response = await get('/_fabreader_assets/index.json');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ firmwares: [] });
    });

    it('lists each manifest whose images are there, by name, and leaves out the rest', async () => {
      await place({
        'reader-c3.json': manifest('FABReader ESP32-C3', '1.4.0', 'ESP32-C3', ['reader-c3.bin']),
        'reader-c3.bin': Buffer.from([0xe9, 1, 2, 3]),
        'door-s3.json': manifest('Door reader ESP32-S3', '2.0.1', 'ESP32-S3', ['boot.bin', 'door-s3.bin']),
        'boot.bin': Buffer.from([0xe9]),
        'door-s3.bin': Buffer.from([0xe9]),
        'missing-image.json': manifest('Incomplete', '1.0.0', 'ESP32', ['absent.bin']),
        'not-a-manifest.json': JSON.stringify({ hello: 'world' }),
        'broken.json': '{ not json',
        'index.json': JSON.stringify({ firmwares: [{ environment: 'forged' }] }),
        '.hidden.json': manifest('Hidden', '1.0.0', 'ESP32', ['reader-c3.bin']),
      });

      const response = await get('/_fabreader_assets/index.json');

      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        firmwares: [
          {
            environment: 'door-s3',
            friendly_name: 'Door reader ESP32-S3',
            version: '2.0.1',
            board_family: 'ESP32-S3',
            manifest_path: '/_fabreader_assets/door-s3.json',
          },
          {
            environment: 'reader-c3',
            friendly_name: 'FABReader ESP32-C3',
            version: '1.4.0',
            board_family: 'ESP32-C3',
            manifest_path: '/_fabreader_assets/reader-c3.json',
          },
        ],
      });
    });

    it('is refused to members and to callers who are not signed in', async () => {
      const asMember = await get('/_fabreader_assets/index.json', member);
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toMatchObject({ message: Messages.forbiddenInsufficientPermissions });
      expect((await get('/_fabreader_assets/index.json', null)).statusCode).toBe(401);
    });
  });

  describe('GET /_fabreader_assets/{file}', () => {
    it('sends a firmware image and a manifest as they are stored', async () => {
      const image = Buffer.from([0xe9, 0x03, 0x02, 0x20, 0xff, 0x00]);
      const text = manifest('FABReader', '1.0.0', 'ESP32', ['reader.bin']);
      await place({ 'reader.bin': image, 'reader.json': text });

      const binary = await get('/_fabreader_assets/reader.bin');
      expect(binary.statusCode).toBe(200);
      expect(binary.headers['content-type']).toBe('application/octet-stream');
      expect(binary.rawPayload.equals(image)).toBe(true);

      const json = await get('/_fabreader_assets/reader.json');
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-type']).toMatch(/^application\/json/);
      expect(json.body).toBe(text);
    });

    it('answers 404 for a file that is not in the folder', async () => {
      await place({ 'reader.bin': Buffer.from([1]) });

      const absent = await get('/_fabreader_assets/absent.bin');

      expect(absent.statusCode).toBe(404);
      expect(absent.json()).toMatchObject({ message: ReaderMessages.firmwareFileNotFound });
    });

    it('refuses a name that is not a plain file name', async () => {
      const response = await get('/_fabreader_assets/.hidden');
      expect(response.statusCode).toBe(400);
    });

    it('never reads outside the folder', async () => {
      await place({ 'reader.bin': Buffer.from([1]) });
      await writeFile(path.join(t.config.dataDir, 'outside.bin'), 'outside');

      for (const url of [
        '/_fabreader_assets/..%2Foutside.bin',
        '/_fabreader_assets/%2E%2E%2Foutside.bin',
        '/_fabreader_assets/..%5Coutside.bin',
        '/_fabreader_assets/../outside.bin',
        '/_fabreader_assets/..',
      ]) {
        const response = await get(url);
        expect(response.body, url).not.toContain('outside');
        expect(response.statusCode, url).not.toBe(200);
      }
    });

    it('is refused to members', async () => {
      await place({ 'reader.bin': Buffer.from([1]) });
      const response = await get('/_fabreader_assets/reader.bin', member);
      expect(response.statusCode).toBe(403);
    });
  });
});
