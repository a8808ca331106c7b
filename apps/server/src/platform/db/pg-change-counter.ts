import {
  type AbortableOperationOptions,
  type CompiledQuery,
  type ControlConnectionProvider,
  type DatabaseConnection,
  type Driver,
  PostgresDialect,
  type PostgresDialectConfig,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { CHANGE_PAYLOAD, type ChangeScope, mayTouchAccounts } from './change-scopes.ts';
import type { ChannelListener } from './pg-listener.ts';
import type { ChangeCounter } from './read-cache.ts';

type AbortOptions = AbortableOperationOptions;
/** Tells the counter that this instance committed a change, and whether it may touch accounts. */
type Moved = (accounts: boolean) => void;

/** The channel every committed change of the database is announced on (pg-change-triggers.ts). */
export const CHANGE_CHANNEL = 'toolpass_changes';

/** Raw SQL that starts like this reads; anything else (WITH included: it may update) may write. */
const READING_SQL = /^\s*(select|show|explain|values)\b/i;
const DATA_CHANGES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);

function changedData(query: CompiledQuery, result: QueryResult<unknown>): boolean {
  const kind = query.query.kind;
  if (kind === 'SelectQueryNode') return false;
  if (DATA_CHANGES.has(kind)) return result.numAffectedRows === undefined || result.numAffectedRows > 0n;
  if (kind === 'RawNode') return !READING_SQL.test(query.sql);
  return true;
}

/**
 * A pooled connection that tells its driver when a statement changed data, and sends a
 * transaction's first statement right behind its BEGIN (see `CountingDriver.beginTransaction`).
 */
class CountingConnection implements DatabaseConnection {
  readonly inner: DatabaseConnection;
  readonly #moved: Moved;
  inTransaction = false;
  wrote = false;
  /** Of what it wrote, something may have touched accounts (change-scopes.ts). */
  wroteAccounts = false;
  /** The BEGIN sent and not yet waited for: the next statement waits for it with its own answer. */
  begun: Promise<void> | undefined;

  constructor(inner: DatabaseConnection, moved: Moved) {
    this.inner = inner;
    this.#moved = moved;
  }

  async executeQuery<R>(query: CompiledQuery, options?: AbortOptions): Promise<QueryResult<R>> {
    const begun = this.begun;
    this.begun = undefined;
    const running = this.inner.executeQuery<R>(query, options);
    // A failed BEGIN fails this statement too; both answers are awaited, so neither goes unheard.
    const [, result] = await Promise.all([begun, running]);
    if (changedData(query, result)) {
      // Inside a transaction the change is visible to others (and to later reads) only from
      // its commit on; outside one it is committed when the statement returns.
      const accounts = mayTouchAccounts(query.sql);
      if (this.inTransaction) {
        this.wrote = true;
        this.wroteAccounts ||= accounts;
      } else this.#moved(accounts);
    }
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number, options?: AbortOptions) {
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }

  async cancelQuery(provider: ControlConnectionProvider): Promise<void> {
    await this.inner.cancelQuery?.(provider);
  }

  async killSession(provider: ControlConnectionProvider): Promise<void> {
    await this.inner.killSession?.(provider);
  }

  async collectSessionInfo(): Promise<void> {
    await this.inner.collectSessionInfo?.();
  }
}

class CountingDriver implements Driver {
  readonly #inner: Driver;
  readonly #moved: Moved;
  readonly #connections = new WeakMap<DatabaseConnection, CountingConnection>();

  constructor(inner: Driver, moved: Moved) {
    this.#inner = inner;
    this.#moved = moved;
  }

  init(options?: AbortOptions) {
    return this.#inner.init(options);
  }

  async acquireConnection(options?: AbortOptions): Promise<DatabaseConnection> {
    const connection = await this.#inner.acquireConnection(options);
    let counting = this.#connections.get(connection);
    if (!counting) {
      counting = new CountingConnection(connection, this.#moved);
      this.#connections.set(connection, counting);
    }
    return counting;
  }

  /**
   * Sends BEGIN without waiting for its answer: on a pipelining connection (pg-prepared-statements.ts)
   * the transaction's first statement goes out right behind it, and the two answers come back
   * in one round trip instead of two. Whatever runs next on the connection waits for it.
   */
  async beginTransaction(connection: CountingConnection, settings: TransactionSettings) {
    connection.inTransaction = true;
    connection.wrote = false;
    connection.wroteAccounts = false;
    const begun = this.#inner.beginTransaction(connection.inner, settings);
    // Its failure is told by what waits for it next; until then it must not count as unhandled.
    begun.catch(() => undefined);
    connection.begun = begun;
  }

  /** The BEGIN nothing has waited for yet (a transaction that ran no statement). */
  async #settleBegin(connection: CountingConnection) {
    const begun = connection.begun;
    connection.begun = undefined;
    await begun;
  }

  async commitTransaction(connection: CountingConnection) {
    try {
      await this.#settleBegin(connection);
      await this.#inner.commitTransaction(connection.inner);
    } finally {
      connection.inTransaction = false;
      if (connection.wrote) this.#moved(connection.wroteAccounts);
    }
  }

  async rollbackTransaction(connection: CountingConnection) {
    try {
      // The rollback is tried even after a failed BEGIN: pg's driver discards a connection
      // whose rollback fails.
      await this.#settleBegin(connection).catch(() => undefined);
      await this.#inner.rollbackTransaction(connection.inner);
    } finally {
      connection.inTransaction = false;
      // As on SQLite: a rollback moves the counter on, so nothing read during it is kept.
      this.#moved(true);
    }
  }

  async savepoint(connection: CountingConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await this.#settleBegin(connection);
    await this.#inner.savepoint?.(connection.inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: CountingConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.#inner.rollbackToSavepoint?.(connection.inner, name, compile);
  }

  async releaseSavepoint(
    connection: CountingConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ) {
    await this.#inner.releaseSavepoint?.(connection.inner, name, compile);
  }

  releaseConnection(connection: CountingConnection, options?: AbortOptions) {
    return this.#inner.releaseConnection(connection.inner, options);
  }

  destroy(options?: AbortOptions) {
    return this.#inner.destroy(options);
  }
}

/**
 * Kysely's PostgreSQL dialect, telling `moved` after every committed change made through it and
 * sending each transaction's BEGIN together with its first statement.
 */
export class ChangeCountingPostgresDialect extends PostgresDialect {
  readonly #moved: Moved;

  constructor(config: PostgresDialectConfig, moved: Moved) {
    super(config);
    this.#moved = moved;
  }

  override createDriver(): Driver {
    return new CountingDriver(super.createDriver(), this.#moved);
  }
}

export type PgChangeCounter = ChangeCounter & {
  /** Moves the counter on: this instance changed data, perhaps accounts' too. */
  moved(accounts: boolean): void;
  /** How many change notifications this instance has heard (tests wait for one). */
  notifications(): number;
  close(): Promise<void>;
};

/**
 * The read cache's measure of change on PostgreSQL (docs/decisions/0024-read-cache-across-instances.md).
 * It moves on with every change this instance commits and with every change notification from
 * the database, which every instance's writes send in their own transaction. It has no value
 * (the cache is off) until it listens, and none while the listening connection is down; it
 * moves on when listening starts again, so nothing cached before the gap is served after it.
 * Listening starts on the first question, so processes that never cache never listen. The
 * 'accounts' scope moves only with changes that may touch accounts: this instance's, told by
 * `moved`, and notifications whose payload does not say they touched other tables only.
 */
export function createPgChangeCounter(
  listen: (
    onNotification: (payload: string) => void,
    onListening: (listening: boolean) => void,
  ) => ChannelListener,
): PgChangeCounter {
  let count = 0;
  let accountCount = 0;
  let heard = 0;
  let listening = false;
  let listener: ChannelListener | undefined;
  let closed = false;

  return {
    changes(scope: ChangeScope = 'all') {
      if (!listener && !closed) {
        listener = listen(
          (payload) => {
            heard += 1;
            count += 1;
            if (payload !== CHANGE_PAYLOAD.other) accountCount += 1;
          },
          (now) => {
            listening = now;
            count += 1;
            accountCount += 1;
          },
        );
      }
      if (!listening) return undefined;
      return scope === 'accounts' ? accountCount : count;
    },
    moved(accounts: boolean) {
      count += 1;
      if (accounts) accountCount += 1;
    },
    notifications: () => heard,
    async close() {
      closed = true;
      listening = false;
      await listener?.close();
    },
  };
}
