import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Introducers and introductions, each either to a resource or to a resource group (spec 02 §3,
 * §7). One table per kind with exactly one of resource_id / group_id set keeps the rules and
 * queries the same for both scopes.
 */
export function introductionsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  const oneScope = sql`(resource_id is null) <> (group_id is null)`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('introducers')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('resource_id', 'integer', (c) => c.references('resources.id').onDelete('cascade'))
        .addColumn('group_id', 'integer', (c) => c.references('resource_groups.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('introducers_one_scope', oneScope)
        .execute();
      await db.schema
        .createIndex('introducers_resource_user')
        .on('introducers')
        .columns(['resource_id', 'user_id'])
        .unique()
        .where('resource_id', 'is not', null)
        .execute();
      await db.schema
        .createIndex('introducers_group_user')
        .on('introducers')
        .columns(['group_id', 'user_id'])
        .unique()
        .where('group_id', 'is not', null)
        .execute();
      await db.schema.createIndex('introducers_user').on('introducers').column('user_id').execute();

      // The history is the record: an introduction is valid when its newest entry is a grant.
      await db.schema
        .createTable('introductions')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('resource_id', 'integer', (c) => c.references('resources.id').onDelete('cascade'))
        .addColumn('group_id', 'integer', (c) => c.references('resource_groups.id').onDelete('cascade'))
        .addColumn('receiver_user_id', 'integer', (c) =>
          c.notNull().references('users.id').onDelete('cascade'),
        )
        .addColumn('given_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('grant', 'revoke')`))
        .addColumn('comment', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addCheckConstraint('introductions_one_scope', oneScope)
        .execute();
      await db.schema
        .createIndex('introductions_resource_receiver')
        .on('introductions')
        .columns(['resource_id', 'receiver_user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('introductions_group_receiver')
        .on('introductions')
        .columns(['group_id', 'receiver_user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('introductions_receiver')
        .on('introductions')
        .columns(['receiver_user_id', 'id'])
        .execute();
    },
  };
}
