import { type Kysely, sql } from 'kysely';

/**
 * Who receives an event is data the targets registered (decision 18): one row per resource,
 * event type and target, kept by the MQTT and webhook services in the transactions of their own
 * writes. A usage transaction reads it with one index look-up instead of asking each domain.
 * The rows go with their resource. Existing configurations and webhooks are filled in here, with
 * the kind names and event types as they were when this migration was written: a migration is
 * history, so it does not read today's constants.
 */
export function deliverySubscriptionsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('delivery_subscriptions')
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addColumn('event_type', 'text', (c) => c.notNull())
        .addColumn('target_kind', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        // The look-up of every event's transaction is a range of this key.
        .addPrimaryKeyConstraint('delivery_subscriptions_pk', [
          'resource_id',
          'event_type',
          'target_kind',
          'target_id',
        ])
        .execute();
      // A target replaces its rows when its settings change or it is deleted.
      await db.schema
        .createIndex('delivery_subscriptions_target')
        .on('delivery_subscriptions')
        .columns(['target_kind', 'target_id'])
        .execute();

      await sql`
        insert into delivery_subscriptions (resource_id, event_type, target_kind, target_id)
        select resource_id, 'usage.started', 'webhook', cast(id as text) from webhooks
          where active = ${sql.lit(true)} and send_on_start = ${sql.lit(true)}
        union all
        select resource_id, 'usage.ended', 'webhook', cast(id as text) from webhooks
          where active = ${sql.lit(true)} and send_on_stop = ${sql.lit(true)}
        union all
        select resource_id, 'usage.taken-over', 'webhook', cast(id as text) from webhooks
          where active = ${sql.lit(true)} and send_on_takeover = ${sql.lit(true)}
        union all
        select resource_id, 'usage.started', 'mqtt', cast(id as text) from mqtt_configurations
        union all
        select resource_id, 'usage.ended', 'mqtt', cast(id as text) from mqtt_configurations
        union all
        select resource_id, 'usage.taken-over', 'mqtt', cast(id as text) from mqtt_configurations
      `.execute(db);
    },
  };
}
