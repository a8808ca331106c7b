import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/** Resources, resource groups and which resources belong to which groups (spec 01 §3, 02 §3). */
export function resourcesMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('resources')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('image_filename', 'text')
        .addColumn('allow_take_over', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('documentation_type', 'text')
        .addColumn('documentation_markdown', 'text')
        .addColumn('documentation_url', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('resource_groups')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      // Deleting a resource or a group removes its memberships; the other side stays.
      await db.schema
        .createTable('resource_group_members')
        .addColumn('group_id', 'integer', (c) =>
          c.notNull().references('resource_groups.id').onDelete('cascade'),
        )
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('resource_group_members_pk', ['group_id', 'resource_id'])
        .execute();
      await db.schema
        .createIndex('resource_group_members_resource')
        .on('resource_group_members')
        .column('resource_id')
        .execute();
    },
  };
}
