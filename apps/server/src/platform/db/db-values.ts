/** Reads a boolean column from either dialect (SQLite stores 0/1). */
export function readBool(value: boolean | number): boolean {
  return value === true || value === 1;
}

/** Reads a timestamp column from either dialect (SQLite stores ISO text). */
export function readDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** COUNT(*) is a bigint on PostgreSQL and a number on SQLite. */
export function readCount(value: string | number | bigint | undefined): number {
  return value === undefined ? 0 : Number(value);
}
