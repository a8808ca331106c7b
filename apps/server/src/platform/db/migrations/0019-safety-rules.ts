import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Rules that keep a space safe (decision 21): a maximum session length per resource, how long
 * an introduction stays valid (per resource and per group), and a resource out of order. The
 * automatic end and its warning are delivery jobs with a due time, not columns. A lapse is
 * computed from the grant and the last session; `introduction_lapses` records it for the
 * history once noticed, and `introduction_reminders` makes each reminder mail go out once.
 */
export function safetyRulesMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('resources').addColumn('max_session_minutes', 'integer').execute();
      await db.schema.alterTable('resources').addColumn('introduction_valid_for_days', 'integer').execute();
      await db.schema
        .alterTable('resources')
        .addColumn('introduction_expires_after_unused_days', 'integer')
        .execute();
      await db.schema.alterTable('resources').addColumn('out_of_order_reason', 'text').execute();
      await db.schema.alterTable('resources').addColumn('out_of_order_since', t.timestamp).execute();
      await db.schema
        .alterTable('resources')
        .addColumn('out_of_order_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      await db.schema
        .alterTable('resource_groups')
        .addColumn('introduction_valid_for_days', 'integer')
        .execute();
      await db.schema
        .alterTable('resource_groups')
        .addColumn('introduction_expires_after_unused_days', 'integer')
        .execute();

      // Out-of-order marks and returns to service, kept for the resource's history.
      await db.schema
        .createTable('resource_status_changes')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addColumn('out_of_order', t.boolean, (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('resource_status_changes_resource')
        .on('resource_status_changes')
        .columns(['resource_id', 'id'])
        .execute();

      await db.schema
        .createTable('introduction_lapses')
        .addColumn('id', t.id, t.primaryId)
        // The grant that lapsed: once.
        .addColumn('grant_id', 'integer', (c) =>
          c.notNull().unique().references('introductions.id').onDelete('cascade'),
        )
        .addColumn('lapsed_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('introduction_reminders')
        .addColumn('grant_id', 'integer', (c) =>
          c.notNull().references('introductions.id').onDelete('cascade'),
        )
        .addColumn('days_before', 'integer', (c) => c.notNull())
        // The lapse it announced: a lapse moved by a later session is announced again.
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('sent_at', t.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('introduction_reminders_pk', ['grant_id', 'days_before', 'expires_at'])
        .execute();
    },
  };
}
