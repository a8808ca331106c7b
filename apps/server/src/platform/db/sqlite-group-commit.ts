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
import { isLargeRead, rowsFromArrays } from './large-read.ts';
import type { ChangeCounter } from './read-cache.ts';
import type { ImmediateRunner } from './reusable-query.ts';
import { createStatementCache, toSqliteValues } from './sqlite-adapter.ts';

/** The most transactions one COMMIT carries, so the first of a long queue does not wait long. */
const MAX_BATCH = 100;

type Outcome = { resolve(): void; reject(error: unknown): void };

const lostTransaction = () =>
  new Error('SQLite rolled the transaction back after an error; none of its writes were kept');

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
 * With `synchronous = FULL` every COMMIT waits for the disk, and node:sqlite waits on the main
 * thread. Transactions that queue for the connection while another runs therefore share one
 * physical transaction: each runs alone inside a SAVEPOINT (so it is isolated and can roll back
 * on its own), and one COMMIT at the end of the event-loop turn makes the whole batch durable.
 * Nothing is reported before that COMMIT returns: a transaction's commit, a failed transaction
 * and a query outside a transaction that ran while the batch was open all resolve only once
 * the batch is on disk, and all fail if the COMMIT fails. A write outside a transaction with no
 * batch open commits on its own, as before.
 */
export class GroupCommitSqliteDriver implements Driver, ImmediateRunner, ChangeCounter {
  readonly #database: DatabaseSync;
  readonly #statements: ReturnType<typeof createStatementCache>;
  readonly #queue: (() => void)[] = [];
  #holder: GroupCommitConnection | undefined;
  /** A physical transaction is open; `#outcomes` wait for its COMMIT. */
  #open = false;
  #outcomes: Outcome[] = [];
  #commitScheduled = false;
  #commitDue = false;
  /** Counts transactions, so each has a number while it runs. */
  #transactions = 0;
  /** Counts write statements and rollbacks: the read cache's measure of change. */
  #changes = 0;

  constructor(database: DatabaseSync) {
    this.#database = database;
    this.#statements = createStatementCache(database);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = new GroupCommitConnection(this);
    await this.#hold(connection);
    return connection;
  }

  async beginTransaction(connection: GroupCommitConnection): Promise<void> {
    if (!connection.holding) await this.#hold(connection);
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
    this.#changes += 1;
    if (this.#open) {
      this.#database.exec('ROLLBACK TO logical_transaction');
      this.#database.exec('RELEASE logical_transaction');
      if (this.#outcomes.length === 0) {
        this.#database.exec('ROLLBACK');
        this.#open = false;
      }
    }
    // The failure may rest on writes of earlier transactions of the batch, so it is reported
    // only once those are durable.
    const durable = this.#open ? this.#durable() : undefined;
    this.#release(connection);
    await durable;
  }

  async releaseConnection(connection: GroupCommitConnection): Promise<void> {
    this.#release(connection);
  }

  async destroy(): Promise<void> {
    if (!this.#holder?.inTransaction) this.#commit();
    this.#statements.clear();
    this.#database.close();
  }

  /**
   * Runs a query outside any transaction at once when nobody holds or waits for the connection
   * and no batch is open, which is what `execute` would do too, minus its promise hand-offs.
   * Undefined when the query has to queue.
   */
  runIfFree<R>(query: CompiledQuery): QueryResult<R> | undefined {
    if (this.#holder !== undefined || this.#queue.length > 0 || this.#open) return undefined;
    return this.#run<R>(query);
  }

  /** Moves on with every write statement and every rollback (read-cache.ts). */
  changes(): number {
    return this.#changes;
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
    if (!this.#open) return this.#run<R>(query);
    // A batch is open: this query sees its writes, so it answers once they are durable.
    let answer: () => QueryResult<R>;
    try {
      const result = this.#run<R>(query);
      answer = () => result;
    } catch (error) {
      answer = () => {
        throw error;
      };
    }
    const durable = this.#open ? this.#durable() : undefined;
    this.#release(connection);
    await durable;
    return answer();
  }

  #run<R>(query: CompiledQuery): QueryResult<R> {
    const { statement, reader, effect, columnNames } = this.#statements.get(query.sql, isLargeRead(query));
    const parameters = toSqliteValues(query.parameters);
    // Statements run synchronously, so no read can fall between a statement and its count. A
    // write that changed no row (an idle queue poll) leaves cached reads valid.
    if (effect === 'any') this.#changes += 1;
    try {
      if (reader) {
        const rows = (
          columnNames
            ? rowsFromArrays(statement.all(...parameters) as unknown as unknown[][], columnNames)
            : statement.all(...parameters)
        ) as R[];
        if (effect === 'rows' && rows.length > 0) this.#changes += 1;
        return { rows };
      }
      const { changes, lastInsertRowid } = statement.run(...parameters);
      if (effect === 'rows' && Number(changes) > 0) this.#changes += 1;
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    } catch (error) {
      // A statement that failed part way may have changed rows before SQLite undid it.
      this.#changes += 1;
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

  /** Resolves once the open batch is committed; the commit runs at the end of this turn. */
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
      this.#changes += 1;
      try {
        if (this.#database.isTransaction) this.#database.exec('ROLLBACK');
      } finally {
        for (const outcome of outcomes) outcome.reject(error);
      }
      return;
    }
    for (const outcome of outcomes) outcome.resolve();
  }

  #lost(error: unknown): void {
    this.#changes += 1;
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

  constructor(database: DatabaseSync) {
    this.driver = new GroupCommitSqliteDriver(database);
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
