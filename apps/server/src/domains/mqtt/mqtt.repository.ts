import type { MqttConfiguration } from '@toolpass/contracts';
import type { Selectable } from 'kysely';
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

const SERVER_COLUMNS = [
  'id',
  'name',
  'host',
  'port',
  'client_id',
  'username',
  'password',
  'use_tls',
] as const;
const CONFIGURATION_COLUMNS = [
  'id',
  'resource_id',
  'server_id',
  'name',
  'in_use_topic',
  'in_use_message',
  'not_in_use_topic',
  'not_in_use_message',
  'takeover_topic',
  'takeover_message',
  'on_takeover_send_start',
  'on_takeover_send_stop',
  'on_takeover_send_takeover',
] as const;

type ServerRow = Pick<Selectable<MqttServersTable>, (typeof SERVER_COLUMNS)[number]>;
type ConfigurationRow = Pick<Selectable<MqttConfigurationsTable>, (typeof CONFIGURATION_COLUMNS)[number]>;

function toServer(row: ServerRow): MqttServerRecord {
  return {
    id: row.id,
    name: row.name,
    host: row.host,
    port: row.port,
    clientId: row.client_id,
    username: row.username,
    sealedPassword: row.password,
    useTls: readBool(row.use_tls),
  };
}

function toConfiguration(row: ConfigurationRow): MqttConfiguration {
  return {
    id: row.id,
    resourceId: row.resource_id,
    serverId: row.server_id,
    name: row.name,
    inUseTopic: row.in_use_topic,
    inUseMessage: row.in_use_message,
    notInUseTopic: row.not_in_use_topic,
    notInUseMessage: row.not_in_use_message,
    takeoverTopic: row.takeover_topic,
    takeoverMessage: row.takeover_message,
    onTakeoverSendStart: readBool(row.on_takeover_send_start),
    onTakeoverSendStop: readBool(row.on_takeover_send_stop),
    onTakeoverSendTakeover: readBool(row.on_takeover_send_takeover),
  };
}

function serverColumns(changes: MqttServerChanges) {
  return {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.host !== undefined ? { host: changes.host } : {}),
    ...(changes.port !== undefined ? { port: changes.port } : {}),
    ...(changes.clientId !== undefined ? { client_id: changes.clientId } : {}),
    ...(changes.username !== undefined ? { username: changes.username } : {}),
    ...(changes.sealedPassword !== undefined ? { password: changes.sealedPassword } : {}),
    ...(changes.useTls !== undefined ? { use_tls: changes.useTls } : {}),
  };
}

function configurationColumns(fields: Partial<MqttConfigurationFields>) {
  return {
    ...(fields.serverId !== undefined ? { server_id: fields.serverId } : {}),
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.inUseTopic !== undefined ? { in_use_topic: fields.inUseTopic } : {}),
    ...(fields.inUseMessage !== undefined ? { in_use_message: fields.inUseMessage } : {}),
    ...(fields.notInUseTopic !== undefined ? { not_in_use_topic: fields.notInUseTopic } : {}),
    ...(fields.notInUseMessage !== undefined ? { not_in_use_message: fields.notInUseMessage } : {}),
    ...(fields.takeoverTopic !== undefined ? { takeover_topic: fields.takeoverTopic } : {}),
    ...(fields.takeoverMessage !== undefined ? { takeover_message: fields.takeoverMessage } : {}),
    ...(fields.onTakeoverSendStart !== undefined
      ? { on_takeover_send_start: fields.onTakeoverSendStart }
      : {}),
    ...(fields.onTakeoverSendStop !== undefined ? { on_takeover_send_stop: fields.onTakeoverSendStop } : {}),
    ...(fields.onTakeoverSendTakeover !== undefined
      ? { on_takeover_send_takeover: fields.onTakeoverSendTakeover }
      : {}),
  };
}

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
      .select(CONFIGURATION_COLUMNS.map((column) => `c.${column}` as const))
      .select(DELIVERY_SERVER_COLUMNS)
      .where('c.id', '=', p.id),
  );

  return {
    async insertServer(db: Db, server: Omit<MqttServerRecord, 'id'>, now: Date): Promise<MqttServerRecord> {
      const row = await db
        .insertInto('mqtt_servers')
        .values({
          name: server.name,
          host: server.host,
          port: server.port,
          client_id: server.clientId,
          username: server.username,
          password: server.sealedPassword,
          use_tls: server.useTls,
          created_at: now,
          updated_at: now,
        })
        .returning(SERVER_COLUMNS)
        .executeTakeFirstOrThrow();
      return toServer(row);
    },

    async findServer(db: Db, id: number): Promise<MqttServerRecord | undefined> {
      const row = await db
        .selectFrom('mqtt_servers')
        .select(SERVER_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toServer(row);
    },

    async listServers(db: Db): Promise<MqttServerRecord[]> {
      const rows = await db
        .selectFrom('mqtt_servers')
        .select(SERVER_COLUMNS)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute();
      return rows.map(toServer);
    },

    async updateServer(
      db: Db,
      id: number,
      changes: MqttServerChanges,
      now: Date,
    ): Promise<MqttServerRecord | undefined> {
      const row = await db
        .updateTable('mqtt_servers')
        .set({ ...serverColumns(changes), updated_at: now })
        .where('id', '=', id)
        .returning(SERVER_COLUMNS)
        .executeTakeFirst();
      return row && toServer(row);
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
          resource_id: resourceId,
          server_id: fields.serverId,
          name: fields.name,
          in_use_topic: fields.inUseTopic,
          in_use_message: fields.inUseMessage,
          not_in_use_topic: fields.notInUseTopic,
          not_in_use_message: fields.notInUseMessage,
          takeover_topic: fields.takeoverTopic,
          takeover_message: fields.takeoverMessage,
          on_takeover_send_start: fields.onTakeoverSendStart,
          on_takeover_send_stop: fields.onTakeoverSendStop,
          on_takeover_send_takeover: fields.onTakeoverSendTakeover,
          created_at: now,
          updated_at: now,
        })
        .returning(CONFIGURATION_COLUMNS)
        .executeTakeFirstOrThrow();
      return toConfiguration(row);
    },

    /** The configuration, if it belongs to that resource. */
    async findConfiguration(db: Db, resourceId: number, id: number): Promise<MqttConfiguration | undefined> {
      const row = await db
        .selectFrom('mqtt_configurations')
        .select(CONFIGURATION_COLUMNS)
        .where('id', '=', id)
        .where('resource_id', '=', resourceId)
        .executeTakeFirst();
      return row && toConfiguration(row);
    },

    async listConfigurations(db: Db, resourceId: number): Promise<MqttConfiguration[]> {
      const rows = await db
        .selectFrom('mqtt_configurations')
        .select(CONFIGURATION_COLUMNS)
        .where('resource_id', '=', resourceId)
        .orderBy('id')
        .execute();
      return rows.map(toConfiguration);
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
        .set({ ...configurationColumns(fields), updated_at: now })
        .where('id', '=', id)
        .where('resource_id', '=', resourceId)
        .returning(CONFIGURATION_COLUMNS)
        .executeTakeFirst();
      return row && toConfiguration(row);
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
        configuration: toConfiguration(row),
        server: toServer({ ...row, id: row.server_id, name: row.server_name }),
      };
    },
  };
}

export type MqttRepository = ReturnType<typeof createMqttRepository>;
