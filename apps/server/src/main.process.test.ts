import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runAdminCommand } from './cli/admin.ts';
import { SECRET_KEY_FILE } from './platform/crypto/secret-key.ts';
import { SQLITE_FILE_NAME } from './platform/db/database.ts';
import { createTestDatabase, TEST_DIALECTS } from './test/test-database.ts';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const WRITER = fileURLToPath(new URL('./test/fixtures/commit-writer.ts', import.meta.url));

const folders: string[] = [];
const children: ChildProcess[] = [];
function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-process-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', script, ...args], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    async waitForOutput(pattern: RegExp, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (!pattern.test(stdout + stderr)) {
        if (Date.now() > until)
          throw new Error(`Timed out waiting for ${pattern}; got:\n${stdout}\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe('the server process', () => {
  it('lists every configuration problem and exits without starting', async () => {
    const server = start(MAIN, [], {
      PORT: 'eighty',
      PUBLIC_URL: 'nope',
      LOG_LEVEL: 'loud',
      DATA_DIR: tempDir(),
    });
    expect(await server.exited).toBe(78);
    const { stderr } = server.output();
    expect(stderr).toContain('Invalid configuration');
    for (const name of ['PORT', 'PUBLIC_URL', 'LOG_LEVEL']) expect(stderr).toContain(`${name}:`);
  });

  it('refuses a second process on the same data folder with a clear message, and shuts down on SIGTERM', async () => {
    const dataDir = tempDir();
    const first = start(MAIN, [], { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    await first.waitForOutput(/Toolpass is running/);
    const second = start(MAIN, [], { PORT: '0', DATA_DIR: dataDir });
    expect(await second.exited).toBe(75);
    expect(second.output().stdout + second.output().stderr).toContain('in use by another Toolpass process');

    const admin = await runAdminCommand(
      ['create', '--username', 'root', '--email', 'root@example.org', '--password', 'long enough'],
      { DATA_DIR: dataDir },
    ).catch((error: Error) => ({ exitCode: 1, output: error.message }));
    expect(admin.exitCode).toBe(1);
    expect(admin.output).toContain('in use by another Toolpass process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toContain('Stopped');
  });

  it('loses no committed row when killed with SIGKILL during writes', { timeout: 60_000 }, async () => {
    const dataDir = tempDir();
    const acknowledged: number[] = [];
    const transactions: number[][] = [];
    for (let round = 0; round < 6; round += 1) {
      const writer = start(WRITER, [dataDir]);
      await writer.waitForOutput(/ready/);
      await new Promise((resolve) => setTimeout(resolve, 150 + round * 70));
      writer.child.kill('SIGKILL');
      await writer.exited;
      // Only complete lines count: a line cut by the kill was never fully acknowledged.
      const lines = writer.output().stdout.split('\n').slice(0, -1);
      for (const line of lines) {
        const [kind, ids] = line.split(' ');
        if (kind === 'row') acknowledged.push(Number(ids));
        if (kind === 'tx') transactions.push((ids ?? '').split(',').map(Number));
      }
    }
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(transactions.length).toBeGreaterThan(3);

    const database = new DatabaseSync(path.join(dataDir, SQLITE_FILE_NAME));
    try {
      expect(database.prepare('pragma integrity_check').get()).toEqual({ integrity_check: 'ok' });
      const present = new Set(
        database
          .prepare('select id from users')
          .all()
          .map((row) => Number(row.id)),
      );
      const lost = [...acknowledged, ...transactions.flat()].filter((id) => !present.has(id));
      expect(lost).toEqual([]);
      // No transaction is half there: rows of a transaction come in whole blocks of 20.
      const names = database.prepare("select username from users where username like '%p%'").all();
      const perTransaction = new Map<string, number>();
      for (const row of names) {
        const key = String(row.username).replace(/p\d+$/, '');
        perTransaction.set(key, (perTransaction.get(key) ?? 0) + 1);
      }
      expect([...perTransaction.values()].every((count) => count === 20)).toBe(true);
    } finally {
      database.close();
    }
  });
});

describe.each(TEST_DIALECTS)('the data folder of a started server on %s', (dialect) => {
  it('is made private to the server user, with the secret key 0600, even when it was open', async () => {
    const database = await createTestDatabase(dialect);
    try {
      const dataDir = path.join(tempDir(), 'data');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o755);
      const server = start(MAIN, [], {
        PORT: '0',
        DATA_DIR: dataDir,
        ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
      });
      await server.waitForOutput(/Toolpass is running/);
      const mode = (file: string) => statSync(file).mode & 0o777;
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, SECRET_KEY_FILE))).toBe(0o600);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      await database.drop();
    }
  });
});

describe('npm run admin -- create', () => {
  it('creates a verified administrator who can sign in, then promotes an existing user', async () => {
    const dataDir = tempDir();
    const created = await runAdminCommand(
      ['create', '--username', 'root', '--email', 'root@example.org', '--password', 'long enough'],
      { DATA_DIR: dataDir },
    );
    expect(created).toEqual({
      exitCode: 0,
      output: expect.stringMatching(/^Created administrator root \(id 1/),
    });

    const again = await runAdminCommand(['create', '--username', 'ROOT'], { DATA_DIR: dataDir });
    expect(again.output).toMatch(/^Promoted to administrator root/);

    const database = new DatabaseSync(path.join(dataDir, SQLITE_FILE_NAME));
    try {
      expect(
        database
          .prepare(
            'select is_email_verified, can_manage_users, can_manage_resources, can_manage_system_configuration from users',
          )
          .all(),
      ).toEqual([
        {
          is_email_verified: 1,
          can_manage_users: 1,
          can_manage_resources: 1,
          can_manage_system_configuration: 1,
        },
      ]);
    } finally {
      database.close();
    }
  });

  it('explains its usage and refuses bad input', async () => {
    expect((await runAdminCommand([], {})).exitCode).toBe(64);
    expect((await runAdminCommand(['create', '--username', 'x y'], { DATA_DIR: tempDir() })).exitCode).toBe(
      64,
    );
    const noPassword = await runAdminCommand(['create', '--username', 'newbie', '--email', 'n@example.org'], {
      DATA_DIR: tempDir(),
    }).catch((error: Error) => ({ exitCode: 1, output: error.message }));
    expect(noPassword).toEqual({ exitCode: 1, output: 'A new administrator needs --email and --password.' });
  });
});
