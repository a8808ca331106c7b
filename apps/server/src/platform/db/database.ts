import { existsSync } from 'node:fs';
import path from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import { Kysely, sql } from 'kysely';
import type Pg from 'pg';
import { makePrivate, prepareDataDir } from '../data-dir.ts';
import { CHANGE_CHANNEL, ChangeCountingPostgresDialect, createPgChangeCounter } from './pg-change-counter.ts';
import { pgDriver } from './pg-driver.ts';
import { type ChannelListener, createChannelListeners } from './pg-listener.ts';
import { postgresLocation } from './pg-location.ts';
import { preparingClient } from './pg-prepared-statements.ts';
import type { ChangeCounter } from './read-cache.ts';
import { allowImmediateRuns } from './reusable-query.ts';
import type { Database } from './schema.ts';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.ts';
import { walFlush } from './wal-flush.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  dialect: Dialect;
  /** Where the data is, for messages: the SQLite file or the PostgreSQL host and database. */
  location: string;
  /**
   * PostgreSQL only: hears NOTIFY on a channel from every process on the database. SQLite has
   * one process (the file is locked), so there is nobody else to hear.
   */
  listen?: (
    channel: string,
    onNotification: (payload: string) => void,
    onError: (error: Error) => void,
  ) => ChannelListener;
  /**
   * Moves on with every change, for the read cache. On SQLite this process sees every write; on
   * PostgreSQL the counter also hears the other instances' changes, and has no value while it
   * cannot (pg-change-counter.ts, decision 24).
   */
  changes?: ChangeCounter;
  /**
   * SQLite only: a consistent copy of the database into a new file while it is in use (SQLite's
   * online backup on this connection, so writes go on and land in the copy or after it).
   */
  snapshot?: (file: string) => Promise<number>;
  /** PostgreSQL only: the connection pool's connections now (metrics). */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
};

export class DatabaseLockedError extends Error {
  constructor(file: string) {
    super(
      `The data folder is in use by another Toolpass process (${file} is locked). ` +
        'Stop the other process first, or give this one its own DATA_DIR.',
    );
    this.name = 'DatabaseLockedError';
  }
}

export const SQLITE_FILE_NAME = 'toolpass.sqlite';

/** WAL pages after which a commit checkpoints (see openSqlite). */
const WAL_CHECKPOINT_PAGES = 4000;

export async function openDatabase(options: { dataDir: string; databaseUrl?: string | undefined }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openSqlite(options.dataDir);
}

export function openSqlite(dataDir: string): DatabaseHandle {
  prepareDataDir(dataDir);
  const file = path.resolve(dataDir, SQLITE_FILE_NAME);
  const database = new DatabaseSync(file);
  try {
    // Exclusive locking mode keeps the file lock for the life of the connection, so a second
    // process on the same folder fails at once instead of interleaving writes. The OS drops the
    // lock when the process dies, so a crash never leaves a stale lock behind. In WAL mode it
    // also keeps the WAL index in process memory instead of a shared-memory file.
    database.exec('PRAGMA locking_mode = EXCLUSIVE');
    database.exec('PRAGMA busy_timeout = 0');
    database.exec('PRAGMA journal_mode = WAL');
    database.exec('BEGIN EXCLUSIVE; COMMIT;');
  } catch (error) {
    database.close();
    if (error instanceof Error && /locked|busy/i.test(error.message)) throw new DatabaseLockedError(file);
    throw error;
  }
  for (const part of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(part)) makePrivate(part, 0o600);
  }
  // Every commit is durable before we answer the request, but SQLite does not wait for the disk
  // in COMMIT: the group-commit driver flushes the WAL in the thread pool, so the event loop
  // serves other requests meanwhile (decision 5). NORMAL still syncs around checkpoints.
  database.exec('PRAGMA synchronous = NORMAL');
  database.exec('PRAGMA foreign_keys = ON');
  // SQLite copies the WAL back into the database (a checkpoint) inside the COMMIT that passes this
  // many pages, on the event loop's thread, with a sync of each file. At the default of 1,000 a
  // start/end workload checkpointed every ~37 group commits; at 4,000 (16 MB of WAL, one block of
  // its in-memory index) a quarter as often, each copying hardly more (decision 5, stop 43).
  database.exec(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  // Group commit runs each transaction in a SAVEPOINT, and a savepoint keeps the pages it changes
  // in a sub-journal so that it can roll back alone. In a temporary file that is a write system
  // call per page and transaction (8 % of the server's CPU in the delivery benchmark); in memory
  // it is a copy. The sub-journal plays no part in crash recovery, which the WAL does.
  database.exec('PRAGMA temp_store = MEMORY');
  database.exec('PRAGMA busy_timeout = 5000');
  const dialect = new GroupCommitSqliteDialect(database, walFlush(`${file}-wal`));
  const db = new Kysely<Database>({ dialect });
  // node:sqlite answers synchronously, so compiled queries (the session look-up of every
  // request, the statements of a usage start) need not queue through Kysely's promises.
  allowImmediateRuns(db as unknown as Kysely<never>, dialect.driver);
  return {
    db,
    dialect: 'sqlite',
    location: file,
    changes: dialect.driver,
    snapshot: (target) => backup(database, target),
    close: () => db.destroy(),
  };
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pg = pgDriver();
  const pool = new pg.Pool({
    connectionString,
    Client: preparingClient(pg),
    max: 10,
    types: {
      // COUNT(*) and other int8 values fit a JS number for any realistic row count.
      getTypeParser: (oid: number, format?: 'text' | 'binary') =>
        oid === pg.types.builtins.INT8 ? Number : pg.types.getTypeParser(oid, format),
    } as Pg.CustomTypesConfig,
  });
  // An idle connection can die (server restart, admin termination); pg then emits 'error' on the
  // pool and drops the client. Without a listener that event would crash the process.
  pool.on('error', (error) => {
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  });
  const listeners = createChannelListeners(connectionString);
  const counter = createPgChangeCounter((onNotification, onListening) =>
    listeners.listen({
      channel: CHANGE_CHANNEL,
      onNotification,
      // A lost connection is reported by the other listeners; here it only turns the cache off.
      onError: () => undefined,
      onListening,
    }),
  );
  const db = new Kysely<Database>({
    dialect: new ChangeCountingPostgresDialect({ pool }, (accounts) => counter.moved(accounts)),
  });
  return {
    db,
    dialect: 'postgres',
    location: postgresLocation(connectionString),
    listen: (channel, onNotification, onError) => listeners.listen({ channel, onNotification, onError }),
    changes: counter,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      await counter.close();
      await db.destroy();
    },
  };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
