/** True for a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  // PostgreSQL: SQLSTATE 23505. SQLite: extended code 2067 (SQLITE_CONSTRAINT_UNIQUE) or 1555 (primary key).
  return (
    code === '23505' ||
    errcode === 2067 ||
    errcode === 1555 ||
    (typeof message === 'string' && message.includes('UNIQUE constraint failed'))
  );
}

/**
 * True for PostgreSQL's refusals of a value itself: a NUL or an invalid byte sequence in text
 * (22021), a character it cannot encode (22P05), a number out of its column's range (22003).
 * Request schemas refuse such input first; this keeps anything they miss a 400, never a 500.
 */
export function isValueRefused(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === '22021' || code === '22P05' || code === '22003';
}

/** True for a foreign-key violation on either dialect: a row refers to one that is gone. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errcode, message } = error as { code?: unknown; errcode?: unknown; message?: unknown };
  // PostgreSQL: SQLSTATE 23503. SQLite: extended code 787 (SQLITE_CONSTRAINT_FOREIGNKEY).
  return (
    code === '23503' ||
    errcode === 787 ||
    (typeof message === 'string' && message.includes('FOREIGN KEY constraint failed'))
  );
}

/** True for PostgreSQL's exclusion-constraint violation (23P01): two live bookings would overlap. */
export function isExclusionViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === '23P01';
}

/** True when a statement names a table the database does not have: PostgreSQL's 42P01, SQLite's message. */
export function isMissingTable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '42P01' || (typeof message === 'string' && message.startsWith('no such table'));
}
