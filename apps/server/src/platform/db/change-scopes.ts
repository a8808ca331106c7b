/**
 * The tables an account's sign-in state is read from: the bearer token's auth session and its
 * user (accounts.repository.ts, `findAuthSessionHolder`). Every request looks that state up, and
 * every usage write would empty a cache that moved with any change, so its cache moves only with
 * changes to these tables (docs/decisions/0007-read-cache.md, addendum of stop 42).
 */
export const ACCOUNT_TABLES: ReadonlySet<string> = new Set(['users', 'auth_sessions']);

/** What a counter can be asked for: every change, or only those that may touch accounts. */
export type ChangeScope = 'all' | 'accounts';

/**
 * The payloads of PostgreSQL's change notifications (pg-change-triggers.ts). Any other payload,
 * the empty one of an instance of an earlier version included, counts as a change to accounts.
 */
export const CHANGE_PAYLOAD = { accounts: 'accounts', other: 'data' } as const;

// Kysely writes `insert into "t"`, `update "t"`, `delete from "t"`, also inside a WITH (the
// event statement of pg-event-write.ts). `for update` and `do update set` name no table of ours.
const WRITE_TARGET = /\b(?:insert\s+(?:or\s+\w+\s+)?into|update|delete\s+from)\s+"?([A-Za-z_]\w*)"?/gi;

/**
 * Whether a statement that changed data may have changed accounts: when it writes to one of
 * their tables, or when no table it writes to can be read off its text (raw SQL, TRUNCATE).
 * Cascades reach accounts only from their own tables (an auth session is deleted with its
 * user), so the tables a statement names are enough.
 */
export function mayTouchAccounts(sql: string): boolean {
  let named = false;
  for (const [, table] of sql.matchAll(WRITE_TARGET)) {
    if (table === undefined) continue;
    if (ACCOUNT_TABLES.has(table)) return true;
    named = true;
  }
  return !named;
}
