import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { mayTouchAccounts } from './change-scopes.ts';

// node:sqlite binds only null, numbers, bigints, strings and bytes; Kysely hands us booleans and
// Dates too. Booleans become 0/1 and dates ISO-8601 UTC text, which sorts and compares correctly.
function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

export function toSqliteValues(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqliteValue);
}

// Kysely emits the same SQL text for the same query shape, so a bounded cache of prepared
// statements removes SQLite's parse-and-plan step from every hot query.
const STATEMENT_CACHE_SIZE = 500;

export type PreparedStatement = {
  statement: StatementSync;
  /** Answers rows (a SELECT, or a write with RETURNING). */
  reader: boolean;
  /**
   * What it may change: nothing (a plain SELECT), the rows it reports (INSERT, UPDATE, DELETE,
   * whose changes or RETURNING rows tell), or anything (schema changes and the rest).
   */
  effect: 'none' | 'rows' | 'any';
  /** Whether a change it makes may touch accounts (change-scopes.ts). */
  mayTouchAccounts: boolean;
  /** Set on the statements of large reads, which answer arrays (large-read.ts): their names. */
  columnNames?: string[];
};

function effectOf(sql: string): PreparedStatement['effect'] {
  if (/^\s*select\b/i.test(sql)) return 'none';
  if (/^\s*(insert|update|delete)\b/i.test(sql)) return 'rows';
  return 'any';
}

/**
 * Prepared statements of one connection by SQL text, the oldest dropped first. A large read
 * (large-read.ts) gets a statement of its own that answers arrays, so the same SQL run the usual
 * way still answers objects.
 */
export function createStatementCache(database: DatabaseSync) {
  const statements = new Map<string, PreparedStatement>();
  const arrayStatements = new Map<string, PreparedStatement>();
  const remember = (cache: Map<string, PreparedStatement>, sql: string, entry: PreparedStatement) => {
    if (cache.size >= STATEMENT_CACHE_SIZE) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    cache.set(sql, entry);
    return entry;
  };
  return {
    get(sql: string, asArrays = false): PreparedStatement {
      const cache = asArrays ? arrayStatements : statements;
      const cached = cache.get(sql);
      if (cached) return cached;
      const statement = database.prepare(sql);
      const columns = statement.columns();
      const entry: PreparedStatement = {
        statement,
        reader: columns.length > 0,
        effect: effectOf(sql),
        mayTouchAccounts: mayTouchAccounts(sql),
      };
      if (asArrays && entry.reader) {
        statement.setReturnArrays(true);
        entry.columnNames = columns.map((column) => column.name);
      }
      return remember(cache, sql, entry);
    },
    clear: () => {
      statements.clear();
      arrayStatements.clear();
    },
  };
}
