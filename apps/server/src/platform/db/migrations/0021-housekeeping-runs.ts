import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * When each housekeeping job is next due, shared by every instance on the database: an instance
 * runs a job only after moving its due time on, so with several instances it runs once per
 * interval overall, not once per instance (issue 31).
 */
export function housekeepingRunsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('housekeeping_runs')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('due_at', t.timestamp, (c) => c.notNull())
        .execute();
    },
  };
}
