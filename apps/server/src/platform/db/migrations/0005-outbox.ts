import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The event outbox (architecture §Events): events are rows written with the change they describe, and
 * each consumer's delivery state is a row too, so delivery survives a restart.
 */
export function outboxMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('outbox_events')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('occurred_at', t.timestamp, (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('outbox_deliveries')
        .addColumn('event_id', 'integer', (c) =>
          c.notNull().references('outbox_events.id').onDelete('cascade'),
        )
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
        .addColumn('locked_until', t.timestamp)
        .addColumn('delivered_at', t.timestamp)
        .addColumn('last_error', 'text')
        .addPrimaryKeyConstraint('outbox_deliveries_pk', ['event_id', 'consumer'])
        .execute();
      await db.schema
        .createIndex('outbox_deliveries_pending')
        .on('outbox_deliveries')
        .columns(['consumer', 'event_id'])
        .where(sql.ref('delivered_at'), 'is', null)
        .execute();
    },
  };
}
