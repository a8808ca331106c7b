import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** Usage sessions (spec 01 §4): at most one running session per resource, held by the database. */
export function usageSessionsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('usage_sessions')
        .addColumn('id', t.id, t.primaryId)
        // A deleted resource takes its history with it (spec: deleting removes its usages).
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('start_time', t.timestamp, (c) => c.notNull())
        .addColumn('end_time', t.timestamp)
        .addColumn('start_notes', 'text')
        .addColumn('end_notes', 'text')
        .execute();
      // The invariant "one active session per resource" is this partial unique index, so two
      // concurrent starts cannot both succeed whatever the application code does. Both SQLite
      // and PostgreSQL support partial indexes with the same syntax.
      await db.schema
        .createIndex('usage_sessions_one_active_per_resource')
        .on('usage_sessions')
        .column('resource_id')
        .unique()
        .where(sql.ref('end_time'), 'is', null)
        .execute();
      await db.schema
        .createIndex('usage_sessions_resource_start')
        .on('usage_sessions')
        .columns(['resource_id', 'start_time'])
        .execute();
      await db.schema
        .createIndex('usage_sessions_user_active')
        .on('usage_sessions')
        .column('user_id')
        .where(sql.ref('end_time'), 'is', null)
        .execute();
    },
  };
}
