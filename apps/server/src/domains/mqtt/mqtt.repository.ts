import type { MqttConfiguration, MqttConfigurationOverview } from '@toolpass/contracts';
import { sql } from 'kysely';
import { columnMap } from '../../platform/db/column-map.ts';
import type { Db } from '../../platform/db/database.ts';
import { readBool } from '../../platform/db/db-values.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database, MqttConfigurationsTable, MqttServersTable } from '../../platform/db/schema.ts';

/** A server as stored: the password sealed by the secret box, or null. */
export type MqttServerRecord = {
  id: number;
  name: string;
  host: string;
  port: number;
  clientId: string | null;
  username: string | null;
  sealedPassword: string | null;
  useTls: boolean;
};

export type MqttServerChanges = Partial<Omit<MqttServerRecord, 'id'>>;

export type MqttConfigurationFields = Omit<MqttConfiguration, 'id' | 'resourceId'>;

const servers = columnMap<MqttServersTable, MqttServerRecord>()({
  id: 'id',
  name: 'name',
  host: 'host',
  port: 'port',
  clientId: 'client_id',
  username: 'username',
  sealedPassword: 'password',
  useTls: { column: 'use_tls', read: readBool },
});

const configurations = columnMap<MqttConfigurationsTable, MqttConfiguration>()({
  id: 'id',
  resourceId: 'resource_id',
  serverId: 'server_id',
  name: 'name',
  inUseTopic: 'in_use_topic',
  inUseMessage: 'in_use_message',
  notInUseTopic: 'not_in_use_topic',
  notInUseMessage: 'not_in_use_message',
  takeoverTopic: 'takeover_topic',
  takeoverMessage: 'takeover_message',
  onTakeoverSendStart: { column: 'on_takeover_send_start', read: readBool },
  onTakeoverSendStop: { column: 'on_takeover_send_stop', read: readBool },
  onTakeoverSendTakeover: { column: 'on_takeover_send_takeover', read: readBool },
});

type ServerRow = Parameters<typeof servers.read>[0];
type ConfigurationRow = Parameters<typeof configurations.read>[0];

const DELIVERY_SERVER_COLUMNS = [
  's.name as server_name',
  's.host',
  's.port',
  's.client_id',
  's.username',
  's.password',
  's.use_tls',
] as const;
type DeliveryRow = ConfigurationRow &
  Pick<ServerRow, 'host' | 'port' | 'client_id' | 'username' | 'password' | 'use_tls'> & {
    server_name: string;
  };

/** The only SQL of MQTT servers and configurations. */
export function createMqttRepository(deps: { db: Db }) {
  // Asked by every delivery: compiled once (reusable-query.ts), as Kysely's building costs more
  // than SQLite's look-up.
  const selectForDelivery = reusableQuery<Database, { id: number }, DeliveryRow>(deps.db, ['id'], (db, p) =>
    db
      .selectFrom('mqtt_configurations as c')
      .innerJoin('mqtt_servers as s', 's.id', 'c.server_id')
      .select(configurations.columns.map((column) => `c.${column}` as const))
      .select(DELIVERY_SERVER_COLUMNS)
      .where('c.id', '=', p.id),
  );

  return {
    async insertServer(db: Db, server: Omit<MqttServerRecord, 'id'>, now: Date): Promise<MqttServerRecord> {
      const row = await db
        .insertInto('mqtt_servers')
        .values({
          ...servers.insert(server),
          created_at: now,
          updated_at: now,
        })
        .returning(servers.columns)
        .executeTakeFirstOrThrow();
      return servers.read(row);
    },

    async findServer(db: Db, id: number): Promise<MqttServerRecord | undefined> {
      const row = await db
        .selectFrom('mqtt_servers')
        .select(servers.columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && servers.read(row);
    },

    async listServers(db: Db): Promise<MqttServerRecord[]> {
      const rows = await db
        .selectFrom('mqtt_servers')
        .select(servers.columns)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute();
      return rows.map(servers.read);
    },

    async updateServer(
      db: Db,
      id: number,
      changes: MqttServerChanges,
      now: Date,
    ): Promise<MqttServerRecord | undefined> {
      const row = await db
        .updateTable('mqtt_servers')
        .set({ ...servers.update(changes), updated_at: now })
        .where('id', '=', id)
        .returning(servers.columns)
        .executeTakeFirst();
      return row && servers.read(row);
    },

    async deleteServer(db: Db, id: number): Promise<boolean> {
      const row = await db.deleteFrom('mqtt_servers').where('id', '=', id).returning('id').executeTakeFirst();
      return row !== undefined;
    },

    async serverInUse(db: Db, serverId: number): Promise<boolean> {
      const row = await db
        .selectFrom('mqtt_configurations')
        .select('id')
        .where('server_id', '=', serverId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insertConfiguration(
      db: Db,
      resourceId: number,
      fields: MqttConfigurationFields,
      now: Date,
    ): Promise<MqttConfiguration> {
      const row = await db
        .insertInto('mqtt_configurations')
        .values({
          ...configurations.insert({ resourceId, ...fields }),
          created_at: now,
          updated_at: now,
        })
        .returning(configurations.columns)
        .executeTakeFirstOrThrow();
      return configurations.read(row);
    },

    /** The configuration, if it belongs to that resource. */
    async findConfiguration(db: Db, resourceId: number, id: number): Promise<MqttConfiguration | undefined> {
      const row = await db
        .selectFrom('mqtt_configurations')
        .select(configurations.columns)
        .where('id', '=', id)
        .where('resource_id', '=', resourceId)
        .executeTakeFirst();
      return row && configurations.read(row);
    },

    /** Every resource's configurations with resource and server names, by resource name, then name. */
    async listAllConfigurationsWithResource(db: Db): Promise<MqttConfigurationOverview[]> {
      const rows = await db
        .selectFrom('mqtt_configurations as c')
        .innerJoin('resources as r', 'r.id', 'c.resource_id')
        .innerJoin('mqtt_servers as s', 's.id', 'c.server_id')
        .select([
          'c.id',
          'c.name',
          'c.in_use_topic',
          'r.id as resource_id',
          'r.name as resource_name',
          's.id as server_id',
          's.name as server_name',
        ])
        .orderBy(sql`lower(r.name)`)
        .orderBy('r.id')
        .orderBy(sql`lower(c.name)`)
        .orderBy('c.id')
        .execute();
      return rows.map((row) => ({
        id: row.id,
        resource: { id: row.resource_id, name: row.resource_name },
        name: row.name,
        server: { id: row.server_id, name: row.server_name },
        inUseTopic: row.in_use_topic,
      }));
    },

    async listConfigurations(db: Db, resourceId: number): Promise<MqttConfiguration[]> {
      const rows = await db
        .selectFrom('mqtt_configurations')
        .select(configurations.columns)
        .where('resource_id', '=', resourceId)
        .orderBy('id')
        .execute();
      return rows.map(configurations.read);
    },

    async updateConfiguration(
      db: Db,
      resourceId: number,
      id: number,
      fields: Partial<MqttConfigurationFields>,
      now: Date,
    ): Promise<MqttConfiguration | undefined> {
      const row = await db
        .updateTable('mqtt_configurations')
        .set({ ...configurations.update(fields), updated_at: now })
        .where('id', '=', id)
        .where('resource_id', '=', resourceId)
        .returning(configurations.columns)
        .executeTakeFirst();
      return row && configurations.read(row);
    },

    async deleteConfiguration(db: Db, resourceId: number, id: number): Promise<boolean> {
      const row = await db
        .deleteFrom('mqtt_configurations')
        .where('id', '=', id)
        .where('resource_id', '=', resourceId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async configurationIdsOfServer(db: Db, serverId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('mqtt_configurations')
        .select('id')
        .where('server_id', '=', serverId)
        .execute();
      return rows.map((row) => row.id);
    },

    /** A configuration with its server, by id alone: what a delivery needs. */
    async findForDelivery(
      db: Db,
      id: number,
    ): Promise<{ configuration: MqttConfiguration; server: MqttServerRecord } | undefined> {
      const [row] = await selectForDelivery(db, { id });
      if (!row) return undefined;
      return {
        configuration: configurations.read(row),
        server: servers.read({ ...row, id: row.server_id, name: row.server_name }),
      };
    },
  };
}

export type MqttRepository = ReturnType<typeof createMqttRepository>;
