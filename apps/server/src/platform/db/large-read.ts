import type { Compilable, CompiledQuery, Kysely } from 'kysely';

const largeReads = new WeakSet<CompiledQuery>();

/**
 * Runs a SELECT that reads many rows in a row, page after page (the usage export). On SQLite the
 * driver then takes its rows from node:sqlite as arrays and builds the objects in JavaScript.
 * node:sqlite's own row objects are null-prototype objects in dictionary mode, each with a hash
 * table of its own, and enough of that survives V8's young-generation collections to grow the
 * old generation by megabytes per hundred thousand rows until the next full collection (a
 * million-row export grew the server by 60 MB that way); objects built in JavaScript share one
 * hidden class and die young. The rows are the same plain objects as with `execute()`, keyed by
 * the selected names. PostgreSQL ignores the mark.
 */
export async function executeLargeRead<DB, Row>(db: Kysely<DB>, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile();
  largeReads.add(compiled);
  const answered = (await db.executeQuery(compiled)).rows;
  // node-postgres keeps the array it answered reachable for a while after the query (from where,
  // we did not find): long enough that a page's rows outlived two young-generation collections
  // and the old generation grew by the dead rows of a whole export (RSS +139 MB for a million
  // rows). So the caller gets a copy, and whoever still holds the driver's array holds it empty.
  const rows = answered.slice();
  answered.length = 0;
  return rows;
}

/** Whether the query came through `executeLargeRead` (the SQLite driver asks). */
export function isLargeRead(query: CompiledQuery): boolean {
  return largeReads.has(query);
}

/** Row objects from node:sqlite's arrays, in place: `names` are the statement's column names. */
export function rowsFromArrays(rows: unknown[][], names: readonly string[]): Record<string, unknown>[] {
  const objects = rows as unknown as Record<string, unknown>[];
  for (let index = 0; index < rows.length; index += 1) {
    const values = rows[index] as unknown[];
    const row: Record<string, unknown> = {};
    for (let column = 0; column < names.length; column += 1) row[names[column] as string] = values[column];
    objects[index] = row;
  }
  return objects;
}
