import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * MQTT servers and the MQTT configurations of resources (spec 02 §3). A configuration goes with
 * its resource; a server cannot be deleted while a configuration still publishes through it
 * (the service answers 409 first; the foreign key keeps a race from leaving a dangling id).
 * `password` holds only the output of the secret box, never the password itself.
 */
export function mqttMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mqtt_servers')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('port', 'integer', (c) => c.notNull())
        .addColumn('client_id', 'text')
        .addColumn('username', 'text')
        .addColumn('password', 'text')
        .addColumn('use_tls', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('mqtt_configurations')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addColumn('server_id', 'integer', (c) =>
          c.notNull().references('mqtt_servers.id').onDelete('restrict'),
        )
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('in_use_topic', 'text', (c) => c.notNull())
        .addColumn('in_use_message', 'text', (c) => c.notNull())
        .addColumn('not_in_use_topic', 'text', (c) => c.notNull())
        .addColumn('not_in_use_message', 'text', (c) => c.notNull())
        .addColumn('takeover_topic', 'text')
        .addColumn('takeover_message', 'text')
        .addColumn('on_takeover_send_start', t.boolean, (c) => c.notNull())
        .addColumn('on_takeover_send_stop', t.boolean, (c) => c.notNull())
        .addColumn('on_takeover_send_takeover', t.boolean, (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();
      // Every usage event asks for the configurations of its resource, in its transaction.
      await db.schema
        .createIndex('mqtt_configurations_resource')
        .on('mqtt_configurations')
        .columns(['resource_id', 'id'])
        .execute();
      // Deleting a server asks whether a configuration uses it; a reconnect, which ones to wake.
      await db.schema
        .createIndex('mqtt_configurations_server')
        .on('mqtt_configurations')
        .column('server_id')
        .execute();
    },
  };
}
