import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Plugins (issue 29, decision 20). The package itself is kept in the database, so every instance
 * on one PostgreSQL can unpack its own copy; `revision` grows at each replacement and names the
 * unpacked folder and the module URL, so a replaced plugin is imported afresh.
 *
 * `plugin_kv` is each plugin's key-value store; it follows the plugin row, so a replacement keeps
 * it and a removal deletes it.
 *
 * `delivery_subscriptions_every_resource` holds what a target wants of every resource, present
 * and future (a plugin's event subscription, decision 8): `delivery_subscriptions` rows belong to
 * one resource and go with it.
 */
export function pluginsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('plugins')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('version', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('manifest', 'text', (c) => c.notNull())
        .addColumn('package', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
        // Part of the unpacked folder's name: a folder left from another database never passes
        // for this package.
        .addColumn('package_sha256', 'text', (c) => c.notNull())
        .addColumn('revision', 'integer', (c) => c.notNull())
        .addColumn('installed_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('plugin_kv')
        .addColumn('plugin_id', 'integer', (c) => c.notNull().references('plugins.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('plugin_kv_pk', ['plugin_id', 'key'])
        .execute();

      await db.schema
        .createTable('delivery_subscriptions_every_resource')
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('delivery_subscriptions_every_resource_pk', [
          'event_type',
          'target_kind',
          'target_id',
        ])
        .execute();
      await db.schema
        .createIndex('delivery_subscriptions_every_resource_target')
        .on('delivery_subscriptions_every_resource')
        .columns(['target_kind', 'target_id'])
        .execute();
    },
  };
}
