import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';

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
};

function effectOf(sql: string): PreparedStatement['effect'] {
  if (/^\s*select\b/i.test(sql)) return 'none';
  if (/^\s*(insert|update|delete)\b/i.test(sql)) return 'rows';
  return 'any';
}

/** Prepared statements of one connection by SQL text, the oldest dropped first. */
export function createStatementCache(database: DatabaseSync) {
  const statements = new Map<string, PreparedStatement>();
  return {
    get(sql: string): PreparedStatement {
      const cached = statements.get(sql);
      if (cached) return cached;
      const statement = database.prepare(sql);
      const entry = {
        statement,
        reader: statement.columns().length > 0,
        effect: effectOf(sql),
      };
      if (statements.size >= STATEMENT_CACHE_SIZE) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(sql, entry);
      return entry;
    },
    clear: () => statements.clear(),
  };
}
