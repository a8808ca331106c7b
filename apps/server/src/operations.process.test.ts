import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdminCommand } from './cli/admin.ts';
import { readTar, TAR_END, tarEntry } from './platform/backup/tar.ts';
import { freePort } from './test/free-port.ts';
import { multipart, testImage } from './test/resource-fixtures.ts';
import { createTestDatabase, TEST_DIALECTS } from './test/test-database.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const BACKUP = fileURLToPath(new URL('./cli/backup.ts', import.meta.url));
const RESTORE = fileURLToPath(new URL('./cli/restore.ts', import.meta.url));
const PASSWORD = 'correct horse battery';

const folders: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-ops-'));
  folders.push(dir);
  return dir;
}

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function startServer(dataDir: string, extra: Record<string, string> = {}) {
  const port = await freePort();
  const server = run(MAIN, [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ...extra,
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 20_000;
  while (!/Toolpass is running/.test(server.output())) {
    if (Date.now() > until) throw new Error(`The server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { ...server, base };
}

async function signIn(base: string, username: string) {
  const response = await fetch(`${base}/api/auth/session/local`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { authToken: string }).authToken}` };
}

async function createResource(base: string, auth: Record<string, string>, name: string) {
  const form = await multipart(
    { name, allowTakeOver: 'false' },
    { name: `${name}.png`, type: 'image/png', content: await testImage('png', 120, 80) },
  );
  const response = await fetch(`${base}/api/resources`, {
    method: 'POST',
    headers: { ...auth, ...form.headers },
    body: new Uint8Array(form.payload),
  });
  if (response.status !== 201) throw new Error(`Creating ${name} failed: ${await response.text()}`);
  return (await response.json()) as { id: number; name: string; imageFilename: string | null };
}

/** What a client sees of the space: users, resources with their image bytes, running sessions. */
async function snapshotOf(base: string, auth: Record<string, string>) {
  const get = async (url: string) => {
    const response = await fetch(`${base}${url}`, { headers: auth });
    expect(response.status).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const users = (await get('/api/users?limit=100')).data as { id: number; username: string; email: string }[];
  // Every page: the write load may have made more resources than one page holds.
  const resources: { id: number; name: string; imageFilename: string | null }[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await get(`/api/resources?limit=100&page=${page}`);
    resources.push(...(answer.data as typeof resources));
    if (page >= Number(answer.totalPages)) break;
  }
  const images: Record<string, string> = {};
  for (const resource of resources) {
    if (!resource.imageFilename) continue;
    const image = await fetch(`${base}/api/resources/images/${resource.imageFilename}`);
    expect(image.status).toBe(200);
    images[resource.imageFilename] = createHash('sha256')
      .update(Buffer.from(await image.arrayBuffer()))
      .digest('hex');
  }
  const inUse = await get('/api/resources/in-use');
  return {
    users: users.map((user) => [user.id, user.username, user.email]).sort(),
    resources: resources.map((resource) => [resource.id, resource.name, resource.imageFilename]).sort(),
    images,
    inUse,
  };
}

function listing(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).sort() : [];
}

describe('npm run backup and npm run restore on the embedded database', () => {
  it('backs a running server up under write load, and a server on the restored folder answers the same', {
    timeout: 120_000,
  }, async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    const env = { DATA_DIR: dataDir };
    for (const username of ['opsadmin', 'opsmember']) {
      const created = await runAdminCommand(
        ['create', '--username', username, '--email', `${username}@example.org`, '--password', PASSWORD],
        env,
      );
      expect(created.exitCode).toBe(0);
    }
    const server = await startServer(dataDir);
    const admin = await signIn(server.base, 'opsadmin');
    const lathe = await createResource(server.base, admin, 'Lathe');
    await createResource(server.base, admin, 'Laser');
    const started = await fetch(`${server.base}/api/resources/${lathe.id}/usage/start`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: JSON.stringify({ notes: 'before the backup' }),
    });
    expect(started.status).toBe(201);

    // Writes go on while the backup runs: resources with images, one after another.
    let writing = true;
    let written = 0;
    const load = (async () => {
      while (writing) {
        await createResource(server.base, admin, `Load ${written}`);
        written += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const archive = path.join(root, 'nightly.tar.gz');
    const backup = run(BACKUP, ['--to', archive], env);
    const backupCode = await backup.exited;
    writing = false;
    await load;
    expect(backupCode, backup.output()).toBe(0);
    expect(backup.output()).toContain(`to ${archive}`);
    expect(written).toBeGreaterThan(0);

    // A restore into the folder the server holds is refused and changes nothing.
    const before = listing(dataDir);
    const refused = run(RESTORE, [archive], env);
    expect(await refused.exited).toBe(75);
    expect(refused.output()).toContain('is in use by a running Toolpass server');
    expect(listing(dataDir)).toEqual(before);

    // What the backup holds is what the server answered at that moment, writes under way included.
    const manifest = JSON.parse(
      readTar(gunzipSync(readFileSync(archive)))
        .find((entry) => entry.name === 'manifest.json')
        ?.data.toString() ?? '{}',
    );
    expect(manifest).toMatchObject({ format: 'toolpass-backup', appVersion: '0.1.0', database: 'sqlite' });
    expect(manifest.schemaVersion).toMatch(/^\d{4}-/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const restoredDir = path.join(root, 'restored');
    const restore = run(RESTORE, [archive], { DATA_DIR: restoredDir });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toContain(`into ${restoredDir}`);

    // The original, started again, is the reference; the backup holds its state up to the
    // moment of the snapshot, so every resource of the copy is one of the original's.
    const original = await startServer(dataDir);
    const reference = await snapshotOf(original.base, await signIn(original.base, 'opsadmin'));
    original.child.kill('SIGTERM');
    expect(await original.exited).toBe(0);

    const copy = await startServer(restoredDir);
    const copyAdmin = await signIn(copy.base, 'opsadmin');
    await signIn(copy.base, 'opsmember');
    const restored = await snapshotOf(copy.base, copyAdmin);
    expect(restored.users).toEqual(reference.users);
    expect(restored.inUse).toEqual(reference.inUse);
    expect(JSON.stringify(restored.inUse)).toContain('before the backup');
    const referenceResources = new Map(reference.resources.map((row) => [row[0], row]));
    for (const row of restored.resources) expect(referenceResources.get(row[0])).toEqual(row);
    expect(restored.resources.map((row) => row[1])).toEqual(expect.arrayContaining(['Lathe', 'Laser']));
    for (const [name, hash] of Object.entries(restored.images)) expect(reference.images[name]).toBe(hash);
    expect(Object.keys(restored.images).length).toBe(restored.resources.length);
    copy.child.kill('SIGTERM');
    expect(await copy.exited).toBe(0);
  });

  it('refuses a damaged archive and one of a newer schema, changing nothing', {
    timeout: 60_000,
  }, async () => {
    const root = tempDir();
    const dataDir = path.join(root, 'data');
    expect(
      (
        await runAdminCommand(
          ['create', '--username', 'opsadmin', '--email', 'opsadmin@example.org', '--password', PASSWORD],
          {
            DATA_DIR: dataDir,
          },
        )
      ).exitCode,
    ).toBe(0);
    const archive = path.join(root, 'backup.tar.gz');
    // No server runs: the command opens the database itself.
    const backup = run(BACKUP, ['--to', archive], { DATA_DIR: dataDir });
    expect(await backup.exited, backup.output()).toBe(0);

    const target = path.join(root, 'target');
    const unchanged = () => expect(existsSync(target)).toBe(false);

    // A flipped byte inside the compressed data.
    const bytes = readFileSync(archive);
    const corrupted = Buffer.from(bytes);
    const at = Math.floor(corrupted.length / 2);
    corrupted[at] = (corrupted[at] ?? 0) ^ 0xff;
    const corruptedFile = path.join(root, 'corrupted.tar.gz');
    writeFileSync(corruptedFile, corrupted);
    const damaged = run(RESTORE, [corruptedFile], { DATA_DIR: target });
    expect(await damaged.exited).toBe(65);
    expect(damaged.output()).toContain(`The backup archive ${corruptedFile} is damaged`);
    expect(damaged.output()).toContain('Nothing was changed.');
    unchanged();

    // Sound compression, but a file's content differs from its checksum.
    const entries = readTar(gunzipSync(bytes));
    const repack = (changed: typeof entries, file: string) => {
      writeFileSync(
        file,
        gzipSync(Buffer.concat([...changed.flatMap((entry) => tarEntry(entry, new Date())), TAR_END])),
      );
      return file;
    };
    const tampered = entries.map((entry) =>
      entry.name === 'data/secret.key' ? { ...entry, data: Buffer.from('another key\n') } : entry,
    );
    const mismatch = run(RESTORE, [repack(tampered, path.join(root, 'tampered.tar.gz'))], {
      DATA_DIR: target,
    });
    expect(await mismatch.exited).toBe(65);
    expect(mismatch.output()).toContain('the checksum of secret.key does not match');
    unchanged();

    // A consistent archive from a version with a later migration.
    const future = entries.map((entry) => {
      if (entry.name !== 'manifest.json') return entry;
      const manifest = JSON.parse(entry.data.toString());
      return {
        ...entry,
        data: Buffer.from(
          JSON.stringify({ ...manifest, schemaVersion: '9999-from-the-future', appVersion: '9.0.0' }),
        ),
      };
    });
    const newer = run(RESTORE, [repack(future, path.join(root, 'future.tar.gz'))], { DATA_DIR: target });
    expect(await newer.exited).toBe(65);
    expect(newer.output()).toContain(
      'The backup is from a newer version of Toolpass (schema 9999-from-the-future',
    );
    unchanged();

    // The sound archive restores, and a restore over a stopped server's folder keeps the old one aside.
    const restore = run(RESTORE, [archive], { DATA_DIR: dataDir });
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/What .* held before is in .*before-restore-/);
  });
});

describe.runIf(TEST_DIALECTS.includes('postgres'))('npm run backup and npm run restore on PostgreSQL', () => {
  it('archives the data folder without the database, and restores it beside pg_restore', {
    timeout: 60_000,
  }, async () => {
    const database = await createTestDatabase('postgres');
    try {
      const databaseUrl = database.databaseUrl ?? '';
      const upload = path.join(database.dataDir, 'uploads', 'resources', 'lathe.webp');
      mkdirSync(path.dirname(upload), { recursive: true });
      writeFileSync(upload, Buffer.from('image bytes'));
      writeFileSync(path.join(database.dataDir, 'secret.key'), 'the-secret-key\n');
      const root = tempDir();
      const archive = path.join(root, 'pg.tar.gz');
      const backup = run(BACKUP, ['--to', archive], {
        DATA_DIR: database.dataDir,
        DATABASE_URL: databaseUrl,
      });
      expect(await backup.exited, backup.output()).toBe(0);
      expect(backup.output()).toContain('The PostgreSQL database is not in it');
      const entries = readTar(gunzipSync(readFileSync(archive)));
      expect(entries.map((entry) => entry.name).sort()).toEqual([
        'data/secret.key',
        'data/uploads/resources/lathe.webp',
        'manifest.json',
      ]);
      const manifest = JSON.parse(
        entries.find((entry) => entry.name === 'manifest.json')?.data.toString() ?? '{}',
      );
      expect(manifest.database).toBe('postgres');
      expect(manifest.schemaVersion).toMatch(/^\d{4}-/);

      // Without DATABASE_URL the archive is refused: it does not hold an embedded database.
      const target = path.join(root, 'restored');
      const wrongKind = run(RESTORE, [archive], { DATA_DIR: target });
      expect(await wrongKind.exited).toBe(64);
      expect(wrongKind.output()).toContain('set DATABASE_URL');
      expect(existsSync(target)).toBe(false);

      const restore = run(RESTORE, [archive], { DATA_DIR: target, DATABASE_URL: databaseUrl });
      expect(await restore.exited, restore.output()).toBe(0);
      expect(restore.output()).toContain('pg_restore');
      expect(readFileSync(path.join(target, 'uploads', 'resources', 'lathe.webp'), 'utf8')).toBe(
        'image bytes',
      );
    } finally {
      await database.drop();
    }
  });
});

describe('SHUTDOWN_DRAIN_SECONDS', () => {
  it('answers /api/ready with 503 after SIGTERM while liveness and requests still answer, then stops', {
    timeout: 60_000,
  }, async () => {
    const dataDir = path.join(tempDir(), 'data');
    const server = await startServer(dataDir, { SHUTDOWN_DRAIN_SECONDS: '2' });
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
    server.child.kill('SIGTERM');
    const until = Date.now() + 1_500;
    let ready = 200;
    while (ready !== 503 && Date.now() < until) ready = (await fetch(`${server.base}/api/ready`)).status;
    expect(ready).toBe(503);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'toolpass.pid'))).toBe(false);
  });
});
