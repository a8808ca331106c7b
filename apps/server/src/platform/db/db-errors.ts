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
