import type { DatabaseSync } from 'node:sqlite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { ChangeScope } from './change-scopes.ts';
import { isLargeRead, rowsFromArrays } from './large-read.ts';
import type { ChangeCounter } from './read-cache.ts';
import type { ImmediateRunner } from './reusable-query.ts';
import { createStatementCache, type PreparedStatement, toSqliteValues } from './sqlite-adapter.ts';
import type { DiskFlush } from './wal-flush.ts';

/** The most transactions one COMMIT carries, so the first of a long queue does not wait long. */
const MAX_BATCH = 100;

type Outcome = { resolve(): void; reject(error: unknown): void };

const lostTransaction = () =>
  new Error('SQLite rolled the transaction back after an error; none of its writes were kept');

/** After a failed flush nothing may be trusted to be on disk, or be shown as if it were. */
class DiskFlushFailedError extends Error {
  constructor(cause: unknown) {
    super('The disk did not confirm a write; restart the server to recover from what it kept', { cause });
    this.name = 'DiskFlushFailedError';
  }
}

class GroupCommitConnection implements DatabaseConnection {
  readonly #driver: GroupCommitSqliteDriver;
  /** Whether this user holds the connection right now. */
  holding = false;
  inTransaction = false;

  constructor(driver: GroupCommitSqliteDriver) {
    this.#driver = driver;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.#driver.execute<R>(this, query);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.#driver.execute<R>(this, query);
    for (const row of result.rows) yield { rows: [row] };
  }
}

/**
 * Group commit over SQLite's single connection (docs/decisions/0005-sqlite-group-commit.md).
 *
 * Transactions that queue for the connection while another runs share one physical
 * transaction: each runs alone inside a SAVEPOINT (so it is isolated and can roll back on its
 * own), and one COMMIT at the end of the event-loop turn ends the whole batch. SQLite does not
 * wait for the disk in that COMMIT (`synchronous = NORMAL`): the driver flushes the WAL in the
 * thread pool afterwards (`DiskFlush`), so the event loop goes on serving while the disk works,
 * and commits that end during a flush share the next one.
 *
 * Nothing is reported before it is on disk: a transaction's commit, a failed transaction, a
 * write outside a transaction, and a query that ran while a batch was open or a flush pending
 * (it may have seen writes not yet durable) all resolve only once the flush after them returned,
 * and all fail if the COMMIT or the flush fails. After a failed flush every query fails.
 */
export class GroupCommitSqliteDriver implements Driver, ImmediateRunner, ChangeCounter {
  readonly #database: DatabaseSync;
  readonly #disk: DiskFlush;
  readonly #statements: ReturnType<typeof createStatementCache>;
  readonly #queue: (() => void)[] = [];
  #holder: GroupCommitConnection | undefined;
  /** A physical transaction is open; `#outcomes` wait for its COMMIT. */
  #open = false;
  #outcomes: Outcome[] = [];
  #commitScheduled = false;
  #commitDue = false;
  /** Something was committed since the last flush began; `#unflushed` wait for the next flush. */
  #committedSinceFlush = false;
  #unflushed: Outcome[] = [];
  /** The flush under way, if one is. */
  #flushing: Promise<void> | undefined;
  #diskFailure: DiskFlushFailedError | undefined;
  /** Counts transactions, so each has a number while it runs. */
  #transactions = 0;
  /** Counts write statements and rollbacks: the read cache's measure of change. */
  #changes = 0;
  /** As `#changes`, but only the ones that may have touched accounts (change-scopes.ts). */
  #accountChanges = 0;

  constructor(database: DatabaseSync, disk: DiskFlush) {
    this.#database = database;
    this.#disk = disk;
    this.#statements = createStatementCache(database);
  }

  async init(): Promise<void> {}

  /** The connection is taken on its first use: a read at once, a transaction as below. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new GroupCommitConnection(this);
  }

  async beginTransaction(connection: GroupCommitConnection): Promise<void> {
    if (!connection.holding) {
      // A transaction that starts while a flush runs is acknowledged after the next flush at
      // the earliest, so it loses nothing by starting when this one ends. Gathered there, the
      // waiting transactions share one batch, and the thread is free to take the flush's end
      // at once (decision 5, stop 42). Reads do not wait: they answer when this flush ends.
      if (this.#flushing && !this.#open) await this.#flushing.catch(() => undefined);
      await this.#hold(connection);
    }
    if (this.#diskFailure) {
      this.#release(connection);
      throw this.#diskFailure;
    }
    if (!this.#open) {
      this.#database.exec('BEGIN IMMEDIATE');
      this.#open = true;
    }
    this.#database.exec('SAVEPOINT logical_transaction');
    this.#transactions += 1;
    connection.inTransaction = true;
  }

  async commitTransaction(connection: GroupCommitConnection): Promise<void> {
    if (!this.#open) throw lostTransaction();
    this.#database.exec('RELEASE logical_transaction');
    connection.inTransaction = false;
    const durable = this.#durable();
    this.#release(connection);
    await durable;
  }

  async rollbackTransaction(connection: GroupCommitConnection): Promise<void> {
    connection.inTransaction = false;
    this.#movedAll();
    if (this.#open) {
      this.#database.exec('ROLLBACK TO logical_transaction');
      this.#database.exec('RELEASE logical_transaction');
      if (this.#outcomes.length === 0) {
        this.#database.exec('ROLLBACK');
        this.#open = false;
      }
    }
    // The failure may rest on writes of earlier transactions (a 409 because an earlier start
    // won), so it is reported only once those are durable.
    const durable = this.#open ? this.#durable() : this.#durableSoFar();
    this.#release(connection);
    await durable;
  }

  async releaseConnection(connection: GroupCommitConnection): Promise<void> {
    this.#release(connection);
  }

  async destroy(): Promise<void> {
    if (!this.#holder?.inTransaction) this.#commit();
    // A flush that ends starts the next one if commits are waiting; the last one ends the loop.
    while (this.#flushing) await this.#flushing.catch(() => undefined);
    this.#statements.clear();
    this.#database.close();
    this.#disk.close();
  }

  /**
   * Runs a query outside any transaction at once when nobody holds or waits for the connection
   * and no batch is open, which is what `execute` would do too, minus its promise hand-offs.
   * Undefined when the query has to queue.
   */
  runIfFree<R>(query: CompiledQuery): QueryResult<R> | undefined {
    if (this.#holder !== undefined || this.#queue.length > 0 || this.#open) return undefined;
    // A write must wait for its flush, and so must a read that may see writes not yet flushed.
    if (this.#committedSinceFlush || this.#flushing || this.#diskFailure) return undefined;
    const prepared = this.#prepared(query);
    if (prepared.effect !== 'none') return undefined;
    return this.#run<R>(query, prepared);
  }

  /** Moves on with every write statement and every rollback (read-cache.ts). */
  changes(scope: ChangeScope = 'all'): number {
    return scope === 'accounts' ? this.#accountChanges : this.#changes;
  }

  /** A change that may have touched anything: a rollback, a failure, a schema change. */
  #movedAll() {
    this.#changes += 1;
    this.#accountChanges += 1;
  }

  #moved(prepared: PreparedStatement) {
    this.#changes += 1;
    if (prepared.mayTouchAccounts) this.#accountChanges += 1;
  }

  /** The number of the transaction that holds the connection now, if one does. */
  transactionInProgress(): number | undefined {
    return this.#holder?.inTransaction && this.#open ? this.#transactions : undefined;
  }

  /** A query of the transaction in progress: one connection, so it is the caller's. */
  runInTransaction<R>(query: CompiledQuery): QueryResult<R> {
    return this.#run<R>(query);
  }

  async execute<R>(connection: GroupCommitConnection, query: CompiledQuery): Promise<QueryResult<R>> {
    if (connection.inTransaction) {
      if (!this.#open) throw lostTransaction();
      return this.#run<R>(query);
    }
    // A connection of `db.connection()` may have let others go first after its last query.
    if (!connection.holding) await this.#hold(connection);
    if (this.#diskFailure) {
      this.#release(connection);
      throw this.#diskFailure;
    }
    const wasOpen = this.#open;
    const changesBefore = this.#changes;
    let answer: () => QueryResult<R>;
    try {
      const result = this.#run<R>(query);
      answer = () => result;
    } catch (error) {
      answer = () => {
        throw error;
      };
    }
    // Outside a batch SQLite committed the statement itself, if it changed anything.
    if (!wasOpen && this.#changes !== changesBefore) this.#committed([]);
    // In a batch this query sees its writes; outside one, any commit not yet flushed.
    const durable = this.#open ? this.#durable() : this.#durableSoFar();
    this.#release(connection);
    await durable;
    return answer();
  }

  #prepared(query: CompiledQuery): PreparedStatement {
    return this.#statements.get(query.sql, isLargeRead(query));
  }

  #run<R>(query: CompiledQuery, prepared = this.#prepared(query)): QueryResult<R> {
    const { statement, reader, effect, columnNames } = prepared;
    const parameters = toSqliteValues(query.parameters);
    // Statements run synchronously, so no read can fall between a statement and its count. A
    // write that changed no row (an idle queue poll) leaves cached reads valid.
    if (effect === 'any') this.#movedAll();
    try {
      if (reader) {
        const rows = (
          columnNames
            ? rowsFromArrays(statement.all(...parameters) as unknown as unknown[][], columnNames)
            : statement.all(...parameters)
        ) as R[];
        if (effect === 'rows' && rows.length > 0) this.#moved(prepared);
        return { rows };
      }
      const { changes, lastInsertRowid } = statement.run(...parameters);
      if (effect === 'rows' && Number(changes) > 0) this.#moved(prepared);
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    } catch (error) {
      // A statement that failed part way may have changed rows before SQLite undid it.
      this.#movedAll();
      // Some errors (a full disk, an I/O error) end the whole transaction, and with it every
      // transaction of the batch: none of them may be reported as committed.
      if (this.#open && !this.#database.isTransaction) this.#lost(error);
      throw error;
    }
  }

  /** First come, first served. */
  #hold(connection: GroupCommitConnection): Promise<void> | undefined {
    if (this.#holder === undefined && this.#queue.length === 0) {
      this.#holder = connection;
      connection.holding = true;
      return undefined;
    }
    return new Promise((resolve) => {
      this.#queue.push(() => {
        this.#holder = connection;
        connection.holding = true;
        resolve();
      });
    });
  }

  #release(connection: GroupCommitConnection): void {
    if (this.#holder !== connection) return;
    connection.holding = false;
    this.#holder = undefined;
    if (this.#commitDue) this.#commit();
    this.#queue.shift()?.();
  }

  /** Resolves once the open batch is committed and flushed; the commit runs at the end of this turn. */
  #durable(): Promise<void> {
    const { promise, resolve, reject } = Promise.withResolvers<void>();
    this.#outcomes.push({ resolve, reject });
    if (this.#outcomes.length >= MAX_BATCH) this.#commitDue = true;
    if (!this.#commitScheduled) {
      this.#commitScheduled = true;
      // After the I/O callbacks of this turn, whose transactions join the batch.
      setImmediate(() => {
        this.#commitScheduled = false;
        // A transaction still in progress keeps the batch open until it ends.
        if (this.#holder?.inTransaction) this.#commitDue = true;
        else this.#commit();
      });
    }
    return promise;
  }

  #commit(): void {
    this.#commitDue = false;
    if (!this.#open) return;
    const outcomes = this.#outcomes;
    this.#outcomes = [];
    this.#open = false;
    try {
      this.#database.exec('COMMIT');
    } catch (error) {
      this.#movedAll();
      try {
        if (this.#database.isTransaction) this.#database.exec('ROLLBACK');
      } finally {
        for (const outcome of outcomes) outcome.reject(error);
      }
      return;
    }
    this.#committed(outcomes);
  }

  /** `outcomes` resolve once what was just committed is flushed. */
  #committed(outcomes: Outcome[]): void {
    this.#committedSinceFlush = true;
    for (const outcome of outcomes) this.#unflushed.push(outcome);
    this.#flush();
  }

  /** One flush at a time: commits that end while one runs wait for the next, and share it. */
  #flush(): void {
    if (this.#flushing || !this.#committedSinceFlush) return;
    this.#committedSinceFlush = false;
    const waiting = this.#unflushed;
    this.#unflushed = [];
    const flushed = this.#diskFailure ? Promise.reject(this.#diskFailure) : this.#disk.flush();
    this.#flushing = flushed.catch((error: unknown) => {
      // Linux may report a failed write-back once and then succeed on the next sync, with the
      // data lost: no later flush can vouch for these commits, so nothing is trusted after it.
      this.#diskFailure ??= new DiskFlushFailedError(error);
      throw this.#diskFailure;
    });
    this.#flushing
      .then(
        () => {
          for (const outcome of waiting) outcome.resolve();
        },
        (error: unknown) => {
          for (const outcome of waiting) outcome.reject(error);
        },
      )
      .finally(() => {
        this.#flushing = undefined;
        this.#flush();
      });
  }

  /** Resolves once everything committed so far is on disk; undefined when it already is. */
  #durableSoFar(): Promise<void> | undefined {
    if (this.#committedSinceFlush) {
      const { promise, resolve, reject } = Promise.withResolvers<void>();
      this.#unflushed.push({ resolve, reject });
      return promise;
    }
    return this.#flushing;
  }

  #lost(error: unknown): void {
    this.#movedAll();
    this.#open = false;
    const outcomes = this.#outcomes;
    this.#outcomes = [];
    for (const outcome of outcomes) outcome.reject(error);
  }
}

class GroupCommitSqliteAdapter extends SqliteAdapter {
  // Not several SQLite connections: the driver queues the users of its one connection itself,
  // so Kysely's own single-connection lock must stay out of the way.
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Kysely's SQLite dialect over Node's built-in `DatabaseSync`, with group commit. */
export class GroupCommitSqliteDialect implements Dialect {
  readonly driver: GroupCommitSqliteDriver;

  constructor(database: DatabaseSync, disk: DiskFlush) {
    this.driver = new GroupCommitSqliteDriver(database, disk);
  }

  createDriver() {
    return this.driver;
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createAdapter() {
    return new GroupCommitSqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
