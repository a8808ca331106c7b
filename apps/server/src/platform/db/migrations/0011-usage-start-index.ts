import type { Kysely } from 'kysely';

/**
 * The usage data and the CSV export (issue 18) walk sessions in start order, a page at a time,
 * from the last (start_time, id) they answered: this index makes each page a range scan.
 */
export function usageStartIndexMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('usage_sessions_start_id')
        .on('usage_sessions')
        .columns(['start_time', 'id'])
        .execute();
    },
  };
}
