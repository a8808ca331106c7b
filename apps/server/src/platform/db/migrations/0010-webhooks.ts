import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Webhooks per resource (spec 02 §3). The secret column holds only values sealed by the
 * 'webhook-secret' secret box (AES-256-GCM under SECRET_KEY, architecture §Security), never the secret itself.
 * The bounds of the form are checks here too, so no code path can store a webhook that would be
 * retried more often than a manager can set.
 */
export function webhooksMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhooks')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) =>
          c.notNull().check(sql`method in ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')`),
        )
        // A JSON object of header names to string values, the same text on both dialects.
        .addColumn('headers', 'text', (c) => c.notNull())
        .addColumn('in_use_template', 'text', (c) => c.notNull())
        .addColumn('not_in_use_template', 'text', (c) => c.notNull())
        .addColumn('takeover_template', 'text', (c) => c.notNull())
        .addColumn('active', t.boolean, (c) => c.notNull())
        .addColumn('send_on_start', t.boolean, (c) => c.notNull())
        .addColumn('send_on_stop', t.boolean, (c) => c.notNull())
        .addColumn('send_on_takeover', t.boolean, (c) => c.notNull())
        .addColumn('retry_enabled', t.boolean, (c) => c.notNull())
        .addColumn('max_retries', 'integer', (c) => c.notNull().check(sql`max_retries between 1 and 10`))
        .addColumn('retry_delay_ms', 'integer', (c) =>
          c.notNull().check(sql`retry_delay_ms between 100 and 10000`),
        )
        .addColumn('signature_header', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      // Every usage event asks, in its transaction, which webhooks of its resource want it.
      await db.schema
        .createIndex('webhooks_resource')
        .on('webhooks')
        .columns(['resource_id', 'id'])
        .execute();
    },
  };
}
