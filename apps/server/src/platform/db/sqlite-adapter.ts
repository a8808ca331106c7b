import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// node:sqlite binds only null, numbers, bigints, strings and bytes; Kysely hands us booleans and
// Dates too. Booleans become 0/1 and dates ISO-8601 UTC text, which sorts and compares correctly.
function toSqliteValue(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value as SQLInputValue;
}

// Kysely emits the same SQL text for the same query shape, so a bounded cache of prepared
// statements removes SQLite's parse-and-plan step from every hot query.
const STATEMENT_CACHE_SIZE = 500;

/** Kysely's SqliteDialect expects the better-sqlite3 shape; this adapts Node's built-in driver. */
export function adaptSqlite(database: DatabaseSync): SqliteDatabase {
  const statements = new Map<string, { statement: StatementSync; reader: boolean }>();
  function prepared(sql: string) {
    const cached = statements.get(sql);
    if (cached) return cached;
    const statement = database.prepare(sql);
    const entry = { statement, reader: statement.columns().length > 0 };
    if (statements.size >= STATEMENT_CACHE_SIZE) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
    statements.set(sql, entry);
    return entry;
  }
  return {
    close: () => {
      statements.clear();
      database.close();
    },
    prepare(sql: string): SqliteStatement {
      const { statement, reader } = prepared(sql);
      const bind = (parameters: ReadonlyArray<unknown>) => parameters.map(toSqliteValue);
      return {
        reader,
        all: (parameters) => statement.all(...bind(parameters)),
        run: (parameters) => statement.run(...bind(parameters)),
        iterate: (parameters) => statement.iterate(...bind(parameters)),
      };
    },
  };
}
