import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The wait lists of resources in wait-list mode (decision 23): one entry per member and resource,
 * in line by `since` then id. `held_until` is set while the free resource is held for that member;
 * `told_until` is the hold the member was mailed about, so a mail goes out once per hold.
 */
export function waitListMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('wait_list_entries')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('since', t.timestamp, (c) => c.notNull())
        .addColumn('held_until', t.timestamp)
        .addColumn('told_until', t.timestamp)
        .addUniqueConstraint('wait_list_entries_resource_user', ['resource_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('wait_list_entries_line')
        .on('wait_list_entries')
        .columns(['resource_id', 'since', 'id'])
        .execute();
    },
  };
}
