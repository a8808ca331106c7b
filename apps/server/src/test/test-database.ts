import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, type Dialect, openPostgres, openSqlite } from '../platform/db/database.ts';
import { migrateToLatest } from '../platform/db/migrate.ts';

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/**
 * The PostgreSQL server tests use: TEST_DATABASE_URL, or the local one when it answers
 * (architecture §Tests). Without either the suite runs on SQLite alone and says so.
 */
async function postgresAdminUrl(): Promise<string | undefined> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  return (await answers('127.0.0.1', 5432)) ? LOCAL_POSTGRES : undefined;
}

const adminUrl = await postgresAdminUrl();
// CI sets CI=true: there a missing PostgreSQL fails every API test file instead of halving them
// without a word (issue 25).
if (!adminUrl && process.env.CI === 'true') {
  throw new Error(
    'CI=true but PostgreSQL is not reachable (TEST_DATABASE_URL or 127.0.0.1:5432): ' +
      'the API tests must run on both databases in CI.',
  );
}
if (!adminUrl) {
  process.stderr.write(
    'PostgreSQL is not reachable: API tests run on SQLite only (set TEST_DATABASE_URL).\n',
  );
}

/** The dialects this run covers; API tests repeat every case for each. */
export const TEST_DIALECTS: Dialect[] = adminUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export type TestDatabase = DatabaseHandle & {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
};

/**
 * A fresh database of its own, a temp folder or a new PostgreSQL database, migrated to the
 * latest schema unless a test of the migrations wants to do that itself.
 */
export async function createTestDatabase(
  dialect: Dialect,
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-test-'));
  if (dialect === 'sqlite') {
    const handle = openSqlite(dataDir);
    if (migrate) await migrateToLatest(handle);
    return {
      ...handle,
      dataDir,
      databaseUrl: undefined,
      async drop() {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!adminUrl) throw new Error('PostgreSQL is not available for this test run');
  const name = `toolpass_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  const drop = async () => {
    await handle.close();
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (migrate) await migrateToLatest(handle);
  } catch (error) {
    await drop();
    throw error;
  }
  return { ...handle, dataDir, databaseUrl: url.toString(), drop };
}
