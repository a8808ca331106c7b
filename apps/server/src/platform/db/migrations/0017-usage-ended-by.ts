import type { Kysely } from 'kysely';

/**
 * Who ended a session (issue 28): a manager who ends a forgotten session is named in the history
 * ("Ended by …"). Null for sessions ended before this column, and when that account is deleted.
 */
export function usageEndedByMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('usage_sessions')
        .addColumn('ended_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
    },
  };
}
