import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './db-errors.ts';
import { allowImmediateRuns, reusableQuery } from './reusable-query.ts';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.ts';
import { type DiskFlush, walFlush } from './wal-flush.ts';

type Schema = { items: { id: Generated<number>; name: string } };

const opened: { db: Kysely<Schema>; dir: string; disk: DiskFlush | HeldFlush }[] = [];
afterEach(async () => {
  for (const { db, dir, disk } of opened.splice(0)) {
    if ('releaseAll' in disk) disk.releaseAll();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A flush of the disk that the test lets finish, or fail, when it chooses. */
type HeldFlush = DiskFlush & {
  /** Whether flushes wait for the test; the set-up's do not. */
  holding: boolean;
  /** Flushes held so far. */
  started: number;
  /** Flushes asked for and not yet let go. */
  pending: number;
  finishNext(error?: Error): void;
  releaseAll(): void;
};

function heldFlush(): HeldFlush {
  const waiting: { resolve(): void; reject(error: Error): void }[] = [];
  return {
    holding: false,
    started: 0,
    get pending() {
      return waiting.length;
    },
    flush() {
      if (!this.holding) return Promise.resolve();
      this.started += 1;
      const { promise, resolve, reject } = Promise.withResolvers<void>();
      waiting.push({ resolve, reject });
      return promise;
    },
    finishNext(error) {
      const next = waiting.shift();
      if (error) next?.reject(error);
      else next?.resolve();
    },
    releaseAll() {
      for (const next of waiting.splice(0)) next.resolve();
    },
    close() {},
  };
}

/** Lets promise reactions and the driver's end-of-turn commit run. */
const settle = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));

/** Whether `promise` has settled yet, without waiting for it. */
function tracked<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => {
      state.settled = true;
    },
    () => {
      state.settled = true;
    },
  );
  return state;
}

/**
 * A WAL database as the app opens it (SQLite does not sync in COMMIT; the driver flushes),
 * counting the COMMITs that reach SQLite. The flush is the real one unless the test holds it.
 */
async function open(options: { failCommit?: () => boolean; disk?: HeldFlush } = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toolpass-group-commit-'));
  const file = path.join(dir, 'test.sqlite');
  const database = new DatabaseSync(file);
  database.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL');
  const commits = { count: 0 };
  const exec = database.exec.bind(database);
  database.exec = (text: string) => {
    if (text === 'COMMIT') {
      if (options.failCommit?.()) throw new Error('disk I/O error');
      commits.count += 1;
    }
    return exec(text);
  };
  const disk = options.disk ?? walFlush(`${file}-wal`);
  const dialect = new GroupCommitSqliteDialect(database, disk);
  const db = new Kysely<Schema>({ dialect });
  allowImmediateRuns(db as unknown as Kysely<never>, dialect.driver);
  opened.push({ db, dir, disk });
  await sql`create table items (id integer primary key, name text not null unique)`.execute(db);
  if (options.disk) options.disk.holding = true;
  commits.count = 0;
  const names = async () =>
    (await db.selectFrom('items').select('name').orderBy('name').execute()).map((row) => row.name);
  return { db, database, commits, names, driver: dialect.driver };
}

const insert = (db: Kysely<Schema>, name: string) => db.insertInto('items').values({ name }).execute();

describe('group commit on SQLite', () => {
  it('commits transactions that queue for the connection together, each still all or nothing', async () => {
    const { db, commits, names } = await open();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        db.transaction().execute(async (tx) => {
          await insert(tx, `a${String(index).padStart(2, '0')}`);
          if (index === 7) throw new Error('refused');
          await insert(tx, `b${String(index).padStart(2, '0')}`);
        }),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(1);
    expect(commits.count).toBe(1);
    const kept = await names();
    expect(kept).toHaveLength(38);
    expect(kept).not.toContain('a07');
  });

  it('fails only the transaction that breaks a constraint', async () => {
    const { db, names } = await open();
    const results = await Promise.allSettled(
      ['x', 'y', 'x', 'z'].map((name) => db.transaction().execute((tx) => insert(tx, name))),
    );
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const failure = results[2];
    expect(failure?.status === 'rejected' && isUniqueViolation(failure.reason)).toBe(true);
    expect(await names()).toEqual(['x', 'y', 'z']);
  });

  it('answers a query that saw uncommitted writes only after they are durable', async () => {
    const { db, database, commits } = await open();
    const write = db.transaction().execute((tx) => insert(tx, 'pending'));
    const read = db
      .selectFrom('items')
      .select('name')
      .execute()
      .then((rows) => ({ rows, committed: commits.count, open: database.isTransaction }));
    await write;
    expect(await read).toEqual({ rows: [{ name: 'pending' }], committed: 1, open: false });
  });

  it('reports every transaction of a batch as failed when its COMMIT fails, and keeps none', async () => {
    let failNext = true;
    const { db, names } = await open({
      failCommit: () => {
        const fail = failNext;
        failNext = false;
        return fail;
      },
    });
    const results = await Promise.allSettled(
      ['p', 'q', 'r'].map((name) => db.transaction().execute((tx) => insert(tx, name))),
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await names()).toEqual([]);
    await db.transaction().execute((tx) => insert(tx, 's'));
    expect(await names()).toEqual(['s']);
  });

  it('commits a lone write outside a transaction at once, as SQLite does, and answers after its flush', async () => {
    const disk = heldFlush();
    const { db, database, commits, names } = await open({ disk });
    const write = tracked(insert(db, 'solo'));
    await settle();
    // Autocommit: no batch and no explicit COMMIT were needed, but the flush was.
    expect(commits.count).toBe(0);
    expect(database.isTransaction).toBe(false);
    expect(write.settled).toBe(false);
    expect(disk.pending).toBe(1);
    disk.finishNext();
    await write.promise;
    expect(await names()).toEqual(['solo']);
  });

  it('acknowledges a commit only once the flush of the WAL after it returned', async () => {
    const disk = heldFlush();
    const { db, commits } = await open({ disk });
    const write = tracked(db.transaction().execute((tx) => insert(tx, 'kept')));
    await settle();
    expect(commits.count).toBe(1);
    expect(write.settled).toBe(false);
    disk.finishNext();
    await write.promise;
  });

  it('starts the transactions that come during a flush when it ends, in one batch for the next', async () => {
    const disk = heldFlush();
    const { db, database, commits } = await open({ disk });
    const first = tracked(db.transaction().execute((tx) => insert(tx, 'first')));
    await settle();
    expect(disk.started).toBe(1);
    const second = tracked(db.transaction().execute((tx) => insert(tx, 'second')));
    await settle();
    const third = tracked(db.transaction().execute((tx) => insert(tx, 'third')));
    await settle();
    // They wait for the flush: no batch is open, and one flush at a time.
    expect(database.isTransaction).toBe(false);
    expect([commits.count, disk.started]).toEqual([1, 1]);
    disk.finishNext();
    await first.promise;
    await settle();
    // Both ran once it ended, and one COMMIT carried them.
    expect([commits.count, disk.started]).toEqual([2, 2]);
    expect([second.settled, third.settled]).toEqual([false, false]);
    disk.finishNext();
    await Promise.all([second.promise, third.promise]);
  });

  it('answers a read that comes during a flush when it ends, not after the transactions gathered there', async () => {
    const disk = heldFlush();
    const { db } = await open({ disk });
    const first = tracked(db.transaction().execute((tx) => insert(tx, 'first')));
    await settle();
    const second = tracked(db.transaction().execute((tx) => insert(tx, 'second')));
    const read = tracked(db.selectFrom('items').select('name').execute());
    await settle();
    expect(read.settled).toBe(false);
    disk.finishNext();
    // The read saw what the flush made durable, and waits for nothing more.
    expect(await read.promise).toEqual([{ name: 'first' }]);
    await first.promise;
    await settle();
    expect([second.settled, disk.started]).toEqual([false, 2]);
    disk.finishNext();
    await second.promise;
  });

  it('answers a read that may see writes not yet flushed only after the flush', async () => {
    const disk = heldFlush();
    const { db } = await open({ disk });
    const selectNames = reusableQuery<Schema, { name: string }, { name: string }>(db, ['name'], (kysely, p) =>
      kysely.selectFrom('items').select('name').where('name', '=', p.name),
    );
    const write = tracked(db.transaction().execute((tx) => insert(tx, 'fresh')));
    await settle();
    // The compiled query would answer at once when the connection is free: not here.
    const compiled = tracked(selectNames(db, { name: 'fresh' }));
    const built = tracked(db.selectFrom('items').select('name').execute());
    await settle();
    expect([write.settled, compiled.settled, built.settled]).toEqual([false, false, false]);
    disk.finishNext();
    expect(await compiled.promise).toEqual([{ name: 'fresh' }]);
    expect(await built.promise).toEqual([{ name: 'fresh' }]);
    // Nothing left to flush: reads answer at once again.
    expect(await selectNames(db, { name: 'fresh' })).toEqual([{ name: 'fresh' }]);
    expect(disk.pending).toBe(0);
  });

  it('fails the commits waiting for a flush that failed, and every query after it', async () => {
    const disk = heldFlush();
    const { db } = await open({ disk });
    const write = tracked(db.transaction().execute((tx) => insert(tx, 'lost')));
    await settle();
    disk.finishNext(new Error('EIO: i/o error, fdatasync'));
    await expect(write.promise).rejects.toThrow('The disk did not confirm a write');
    await expect(db.selectFrom('items').select('name').execute()).rejects.toThrow(
      'The disk did not confirm a write',
    );
    await expect(db.transaction().execute((tx) => insert(tx, 'later'))).rejects.toThrow(
      'The disk did not confirm a write',
    );
  });

  it('runs compiled queries of a transaction in it, and a handle kept past its transaction nowhere', async () => {
    const { db, names } = await open();
    const insertName = reusableQuery<Schema, { name: string }, unknown>(db, ['name'], (kysely, p) =>
      kysely.insertInto('items').values({ name: p.name }),
    );
    let stale: Kysely<Schema> | undefined;
    await db.transaction().execute(async (tx) => {
      stale = tx;
      await insertName(tx, { name: 'first' });
    });
    await db.transaction().execute(async (tx) => {
      await insertName(tx, { name: 'second' });
      await expect(insertName(stale as Kysely<Schema>, { name: 'stray' })).rejects.toThrow();
    });
    expect(await names()).toEqual(['first', 'second']);
  });
});

describe('the change counter of the SQLite driver (read cache)', () => {
  it('moves on with every statement that changed rows, and not with reads or writes that changed none', async () => {
    const { db, driver } = await open();
    const changes = () => driver.changes();
    let before = changes();
    await db.selectFrom('items').selectAll().execute();
    expect(changes()).toBe(before);

    await insert(db, 'one');
    expect(changes()).toBeGreaterThan(before);
    before = changes();
    await db.insertInto('items').values({ name: 'two' }).returning('id').execute();
    expect(changes()).toBeGreaterThan(before);

    // An idle queue poll: an UPDATE or DELETE that matches nothing leaves cached reads valid.
    before = changes();
    await db.updateTable('items').set({ name: 'x' }).where('name', '=', 'missing').execute();
    await db.deleteFrom('items').where('name', '=', 'missing').returning('id').execute();
    expect(changes()).toBe(before);

    await db.updateTable('items').set({ name: 'uno' }).where('name', '=', 'one').execute();
    expect(changes()).toBeGreaterThan(before);
    before = changes();
    await db.deleteFrom('items').where('name', '=', 'two').returning('id').execute();
    expect(changes()).toBeGreaterThan(before);

    before = changes();
    await sql`create index items_name on items (name)`.execute(db);
    expect(changes()).toBeGreaterThan(before);
  });

  it('moves on when a transaction rolls back or a statement fails', async () => {
    const { db, driver } = await open();
    await insert(db, 'taken');
    let before = driver.changes();
    await expect(insert(db, 'taken')).rejects.toThrow();
    expect(driver.changes()).toBeGreaterThan(before);

    before = driver.changes();
    await expect(
      db.transaction().execute(async (tx) => {
        await tx.selectFrom('items').selectAll().execute();
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(driver.changes()).toBeGreaterThan(before);
  });
});
