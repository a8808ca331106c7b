import {
  type CreateMqttConfigurationBody,
  type CreateMqttServerBody,
  type DeliveryLogEntry,
  type MqttConfiguration,
  MqttErrorCodes,
  MqttMessages,
  type MqttServer,
  type MqttServerStatus,
  type MqttTestResult,
  type Resource,
  type UpdateMqttConfigurationBody,
  type UpdateMqttServerBody,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Db } from '../../platform/db/database.ts';
import { isForeignKeyViolation } from '../../platform/db/db-errors.ts';
import type { SubscriptionUpkeep } from '../../platform/events/subscriptions.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { refuseUnlessAllowed } from '../../platform/net/host-check.ts';
import type { OutboundPolicy } from '../../platform/net/outbound-policy.ts';
import type { MqttRepository, MqttServerChanges, MqttServerRecord } from './mqtt.repository.ts';
import type { MqttConnections, MqttMessage } from './mqtt-connections.ts';
import { type MqttDeliveryLookup, UnreadablePasswordError } from './mqtt-delivery-lookup.ts';
import { mqttSubscriptions, mqttTarget } from './mqtt-subscriptions.ts';

/** The message a test of a configuration publishes; throws when it cannot be published at all. */
export type TestMessageOf = (
  configuration: MqttConfiguration,
  resource: { id: number; name: string },
  now: Date,
) => MqttMessage;

const serverNotFound = () => notFound(MqttMessages.serverNotFound);
const configurationNotFound = () => notFound(MqttMessages.configurationNotFound);
const serverInUse = () => conflict(MqttMessages.serverInUse, { errorCode: MqttErrorCodes.serverInUse });

function toServer(record: MqttServerRecord): MqttServer {
  return {
    id: record.id,
    name: record.name,
    host: record.host,
    port: record.port,
    clientId: record.clientId,
    username: record.username,
    hasPassword: record.sealedPassword !== null,
    useTls: record.useTls,
  };
}

/**
 * MQTT servers and the MQTT configurations of resources (spec 02 §3, §7). Passwords are sealed
 * before they are written and opened only to connect; answers say whether one is stored.
 */
export function createMqttService(deps: {
  db: Db;
  repo: MqttRepository;
  resources: { findByIds(ids: number[], executor?: Db): Promise<Resource[]> };
  connections: MqttConnections;
  /** Seals new passwords; `lookup` opens them with the same box. */
  passwords: SecretBox;
  /** Also what the deliveries read. */
  lookup: MqttDeliveryLookup;
  clock: Clock;
  testMessageOf: TestMessageOf;
  deliveryLog(configurationId: number): Promise<DeliveryLogEntry[]>;
  /** Who receives usage events: each configuration keeps its own rows, in its writes' transactions. */
  subscriptions: SubscriptionUpkeep;
  outbound: OutboundPolicy;
  audit: AuditLog;
}) {
  /** A server as the audit log compares it: the password only as "changed". */
  const auditedServer = ({ id: _id, sealedPassword, ...fields }: MqttServerRecord) => ({
    ...fields,
    password: sealedPassword,
  });
  const serverTarget = (server: MqttServerRecord) => ({
    type: 'mqtt-server' as const,
    id: server.id,
    name: server.name,
  });
  const auditedConfiguration = ({ id: _id, ...fields }: MqttConfiguration) => fields;
  const configurationTarget = (configuration: MqttConfiguration) => ({
    type: 'mqtt-configuration' as const,
    id: configuration.id,
    name: configuration.name,
  });
  const SECRET = { secret: ['password'] };

  const checkHost = (host: string) => refuseUnlessAllowed(deps.outbound.checkHost(host), 'host');
  const settingsOf = (server: MqttServerRecord) => deps.lookup.connectionSettings(server);

  async function requireServer(db: Db, id: number): Promise<MqttServerRecord> {
    const server = await deps.repo.findServer(db, id);
    if (!server) throw serverNotFound();
    return server;
  }

  async function requireResource(db: Db, resourceId: number): Promise<Resource> {
    const [resource] = await deps.resources.findByIds([resourceId], db);
    if (!resource) throw configurationNotFound();
    return resource;
  }

  async function requireConfiguration(db: Db, resourceId: number, id: number): Promise<MqttConfiguration> {
    const configuration = await deps.repo.findConfiguration(db, resourceId, id);
    if (!configuration) throw configurationNotFound();
    return configuration;
  }

  /** A sealed password for a new value; null clears; undefined keeps the stored one. */
  const sealed = (password: string | null | undefined) =>
    password === undefined ? undefined : password === null ? null : deps.passwords.seal(password);

  async function statusOf(server: MqttServerRecord): Promise<MqttServerStatus> {
    try {
      return { serverId: server.id, ...(await deps.connections.status(settingsOf(server))) };
    } catch (error) {
      if (!(error instanceof UnreadablePasswordError)) throw error;
      return {
        serverId: server.id,
        connected: false,
        lastError: error.message,
        messagesSent: 0,
        messagesFailed: 0,
      };
    }
  }

  /** Keeps the configuration's subscriptions in step with it, in the transaction that wrote it. */
  async function subscribe(tx: Db, configuration: MqttConfiguration): Promise<MqttConfiguration> {
    await deps.subscriptions.replace(tx, mqttTarget(configuration.id), mqttSubscriptions(configuration));
    return configuration;
  }

  /** A foreign key refused the write: the server went away meanwhile, or the resource did. */
  async function whyRefused(resourceId: number, serverId: number | undefined) {
    await requireResource(deps.db, resourceId);
    if (serverId !== undefined) await requireServer(deps.db, serverId);
    return configurationNotFound();
  }

  return {
    async listServers(): Promise<MqttServer[]> {
      return (await deps.repo.listServers(deps.db)).map(toServer);
    },

    async getServer(id: number): Promise<MqttServer> {
      return toServer(await requireServer(deps.db, id));
    },

    async createServer(body: CreateMqttServerBody): Promise<MqttServer> {
      await checkHost(body.host);
      const record = await deps.db.transaction().execute(async (tx) => {
        const created = await deps.repo.insertServer(
          tx,
          {
            name: body.name,
            host: body.host,
            port: body.port,
            clientId: body.clientId ?? null,
            username: body.username ?? null,
            sealedPassword: sealed(body.password) ?? null,
            useTls: body.useTls,
          },
          deps.clock.now(),
        );
        await deps.audit.record(tx, {
          action: 'mqtt-server.created',
          target: serverTarget(created),
          changes: diffFields({}, auditedServer(created), SECRET),
        });
        return created;
      });
      return toServer(record);
    },

    /**
     * Absent fields keep their value, the password too, unless the host, port or TLS setting
     * changes: a stored password goes only where it was given for, so it is dropped then unless
     * this update gives it again (issue 26). The client follows new settings.
     */
    async updateServer(id: number, body: UpdateMqttServerBody): Promise<MqttServer> {
      if (body.host !== undefined) await checkHost(body.host);
      const record = await deps.db.transaction().execute(async (tx) => {
        const stored = await requireServer(tx, id);
        const moved =
          (body.host !== undefined && body.host !== stored.host) ||
          (body.port !== undefined && body.port !== stored.port) ||
          (body.useTls !== undefined && body.useTls !== stored.useTls);
        const password = body.password === undefined && moved ? null : body.password;
        const changes: MqttServerChanges = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.host !== undefined ? { host: body.host } : {}),
          ...(body.port !== undefined ? { port: body.port } : {}),
          ...(body.clientId !== undefined ? { clientId: body.clientId } : {}),
          ...(body.username !== undefined ? { username: body.username } : {}),
          ...(password !== undefined ? { sealedPassword: sealed(password) ?? null } : {}),
          ...(body.useTls !== undefined ? { useTls: body.useTls } : {}),
        };
        const updated = await deps.repo.updateServer(tx, id, changes, deps.clock.now());
        if (updated) {
          const audited = diffFields(auditedServer(stored), auditedServer(updated), SECRET);
          if (Object.keys(audited).length > 0)
            await deps.audit.record(tx, {
              action: 'mqtt-server.updated',
              target: serverTarget(updated),
              changes: audited,
            });
        }
        return updated;
      });
      if (!record) throw serverNotFound();
      try {
        deps.connections.settingsChanged(settingsOf(record));
      } catch (error) {
        // An unreadable stored password cannot have changed here; the next use reports it.
        if (!(error instanceof UnreadablePasswordError)) throw error;
      }
      return toServer(record);
    },

    /** Refused with 409 while a configuration publishes through the server. */
    async deleteServer(id: number): Promise<void> {
      try {
        await deps.db.transaction().execute(async (tx) => {
          const stored = await requireServer(tx, id);
          if (await deps.repo.serverInUse(tx, id)) throw serverInUse();
          await deps.repo.deleteServer(tx, id);
          await deps.audit.record(tx, {
            action: 'mqtt-server.deleted',
            target: serverTarget(stored),
            changes: diffFields(auditedServer(stored), {}, SECRET),
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw serverInUse();
        throw error;
      }
      await deps.connections.forget(id);
    },

    /** Tries the stored settings on a fresh connection; a broker that is down is success false. */
    async testServer(id: number): Promise<MqttTestResult> {
      const server = await requireServer(deps.db, id);
      try {
        return await deps.connections.test(settingsOf(server));
      } catch (error) {
        if (error instanceof UnreadablePasswordError) return { success: false, message: error.message };
        throw error;
      }
    },

    async serverStatus(id: number): Promise<MqttServerStatus> {
      return statusOf(await requireServer(deps.db, id));
    },

    async allServerStatuses(): Promise<MqttServerStatus[]> {
      const servers = await deps.repo.listServers(deps.db);
      return Promise.all(servers.map(statusOf));
    },

    /** Every resource's configurations, for the list of all integrations (issue 28). */
    listAllConfigurations: () => deps.repo.listAllConfigurationsWithResource(deps.db),

    async listConfigurations(resourceId: number): Promise<MqttConfiguration[]> {
      await requireResource(deps.db, resourceId);
      return deps.repo.listConfigurations(deps.db, resourceId);
    },

    getConfiguration: (resourceId: number, id: number) => requireConfiguration(deps.db, resourceId, id),

    async createConfiguration(
      resourceId: number,
      body: CreateMqttConfigurationBody,
    ): Promise<MqttConfiguration> {
      try {
        return await deps.db.transaction().execute(async (tx) => {
          await requireResource(tx, resourceId);
          await requireServer(tx, body.serverId);
          const created = await deps.repo.insertConfiguration(
            tx,
            resourceId,
            {
              name: body.name,
              serverId: body.serverId,
              inUseTopic: body.inUseTopic,
              inUseMessage: body.inUseMessage,
              notInUseTopic: body.notInUseTopic,
              notInUseMessage: body.notInUseMessage,
              takeoverTopic: body.takeoverTopic ?? null,
              takeoverMessage: body.takeoverMessage ?? null,
              onTakeoverSendStart: body.onTakeoverSendStart,
              onTakeoverSendStop: body.onTakeoverSendStop,
              onTakeoverSendTakeover: body.onTakeoverSendTakeover,
            },
            deps.clock.now(),
          );
          await deps.audit.record(tx, {
            action: 'mqtt-configuration.created',
            target: configurationTarget(created),
            changes: diffFields({}, auditedConfiguration(created)),
          });
          return subscribe(tx, created);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw await whyRefused(resourceId, body.serverId);
        throw error;
      }
    },

    /** Absent fields keep their value. */
    async updateConfiguration(
      resourceId: number,
      id: number,
      body: UpdateMqttConfigurationBody,
    ): Promise<MqttConfiguration> {
      try {
        return await deps.db.transaction().execute(async (tx) => {
          const before = await requireConfiguration(tx, resourceId, id);
          if (body.serverId !== undefined) await requireServer(tx, body.serverId);
          const updated = await deps.repo.updateConfiguration(tx, resourceId, id, body, deps.clock.now());
          if (!updated) throw configurationNotFound();
          const changes = diffFields(auditedConfiguration(before), auditedConfiguration(updated));
          if (Object.keys(changes).length > 0)
            await deps.audit.record(tx, {
              action: 'mqtt-configuration.updated',
              target: configurationTarget(updated),
              changes,
            });
          return subscribe(tx, updated);
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw await whyRefused(resourceId, body.serverId);
        throw error;
      }
    },

    /** Deliveries still waiting for it end without a message (the configuration is gone). */
    async deleteConfiguration(resourceId: number, id: number): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        const before = await requireConfiguration(tx, resourceId, id);
        if (!(await deps.repo.deleteConfiguration(tx, resourceId, id))) throw configurationNotFound();
        await deps.audit.record(tx, {
          action: 'mqtt-configuration.deleted',
          target: configurationTarget(before),
          changes: diffFields(auditedConfiguration(before), {}),
        });
        await deps.subscriptions.replace(tx, mqttTarget(id), []);
      });
    },

    /**
     * Publishes the in-use message with sample values through the server's client and says how
     * it went. Run here and not as a delivery job: the person who pressed the button waits for it.
     */
    async testConfiguration(resourceId: number, id: number): Promise<MqttTestResult> {
      const resource = await requireResource(deps.db, resourceId);
      const configuration = await requireConfiguration(deps.db, resourceId, id);
      const server = await requireServer(deps.db, configuration.serverId);
      let message: MqttMessage;
      try {
        message = deps.testMessageOf(configuration, resource, deps.clock.now());
      } catch (error) {
        return { success: false, message: error instanceof Error ? error.message : String(error) };
      }
      try {
        await deps.connections.publish(settingsOf(server), message);
        return { success: true, message: `Published the in-use message to "${message.topic}"` };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        return { success: false, message: `Could not publish to "${message.topic}": ${reason}` };
      }
    },

    async deliveries(resourceId: number, id: number): Promise<DeliveryLogEntry[]> {
      await requireConfiguration(deps.db, resourceId, id);
      return deps.deliveryLog(id);
    },
  };
}

export type MqttService = ReturnType<typeof createMqttService>;
