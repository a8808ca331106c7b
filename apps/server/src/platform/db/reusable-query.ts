import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult } from 'kysely';
import { keepPrepared, sendWithNext } from './pg-prepared-statements.ts';

/** A driver that can answer some queries synchronously (the SQLite one). */
export type ImmediateRunner = {
  /** A query outside any transaction, when nothing else needs the connection; else undefined. */
  runIfFree<R>(query: CompiledQuery): QueryResult<R> | undefined;
  /** A number that names the transaction in progress on the connection, if there is one. */
  transactionInProgress(): number | undefined;
  /** A query inside the transaction in progress. */
  runInTransaction<R>(query: CompiledQuery): QueryResult<R>;
};

// Keyed by the dialect adapter, which a database and all of its transactions share.
const runners = new WeakMap<DialectAdapter, ImmediateRunner>();
// The transaction each transaction handle was first used in: a handle kept past its own
// transaction must not run inside the next one, so it goes the usual way and fails there.
const transactionOf = new WeakMap<object, number>();

/** Lets compiled queries on `db` and its transactions skip Kysely's executor where `runner` can. */
export function allowImmediateRuns(db: Kysely<never>, runner: ImmediateRunner): void {
  runners.set(db.getExecutor().adapter, runner);
}

function runImmediately<R>(executor: Kysely<unknown>, query: CompiledQuery<R>): QueryResult<R> | undefined {
  const runner = runners.get(executor.getExecutor().adapter);
  if (!runner) return undefined;
  if (!executor.isTransaction) return runner.runIfFree(query);
  const current = runner.transactionInProgress();
  if (current === undefined) return undefined;
  const own = transactionOf.get(executor);
  if (own === undefined) transactionOf.set(executor, current);
  else if (own !== current) return undefined;
  return runner.runInTransaction(query);
}

/**
 * Compiles a query once and runs it with new values each time, skipping Kysely's per-call
 * building and compiling, which costs more than SQLite's own work on the hottest look-ups; on
 * SQLite it also skips the executor's promise hand-offs where the driver allows, and PostgreSQL
 * keeps it prepared on each connection (pg-prepared-statements.ts).
 *
 * `build` receives placeholders; each is found by identity among the compiled parameters, so
 * the mapping does not depend on the order in which Kysely emits them.
 */
export function reusableQuery<DB, Params extends Record<string, unknown>, Row>(
  db: Kysely<DB>,
  paramNames: readonly (keyof Params & string)[],
  build: (db: Kysely<DB>, placeholders: Record<keyof Params, never>) => Compilable<Row>,
  options: {
    /**
     * PostgreSQL: the caller sends the transaction's next statement before it awaits this
     * one's answer, so the two may share a write to the socket (pg-prepared-statements.ts).
     */
    sentWithNext?: boolean;
  } = {},
) {
  const markers = Object.fromEntries(paramNames.map((name) => [name, Symbol(name)])) as unknown as Record<
    keyof Params,
    never
  >;
  const compiled = build(db, markers).compile();
  const slots = compiled.parameters.map((value) => paramNames.find((name) => markers[name] === value));
  if (slots.some((slot) => slot === undefined) || new Set(slots).size !== paramNames.length) {
    throw new Error('reusableQuery: every parameter must be a placeholder, each used at least once');
  }
  keepPrepared(compiled.sql);
  if (options.sentWithNext) sendWithNext(compiled.sql);
  return async (executor: Kysely<DB>, params: Params): Promise<Row[]> => {
    const query: CompiledQuery<Row> = {
      ...compiled,
      parameters: slots.map((slot) => params[slot as keyof Params]),
    };
    return (runImmediately(executor as Kysely<unknown>, query) ?? (await executor.executeQuery(query))).rows;
  };
}
