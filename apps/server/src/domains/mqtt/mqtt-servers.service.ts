import {
  type CreateMqttServerBody,
  MqttErrorCodes,
  MqttMessages,
  type MqttServer,
  type MqttServerStatus,
  type MqttTestResult,
  type UpdateMqttServerBody,
} from '@toolpass/contracts';
import { diffFields } from '../../platform/audit/audit-log.ts';
import type { Db } from '../../platform/db/database.ts';
import { isForeignKeyViolation } from '../../platform/db/db-errors.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { refuseUnlessAllowed } from '../../platform/net/host-check.ts';
import type { MqttServerChanges, MqttServerRecord } from './mqtt.repository.ts';
import { UnreadablePasswordError } from './mqtt-delivery-lookup.ts';
import type { MqttServiceDeps } from './mqtt-service-deps.ts';

const serverNotFound = () => notFound(MqttMessages.serverNotFound);
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
const SECRET = { secret: ['password'] };

/**
 * MQTT servers (spec 02 §3). Passwords are sealed before they are written and opened only to
 * connect; answers say whether one is stored.
 */
export function createMqttServersService(deps: MqttServiceDeps) {
  const checkHost = (host: string) => refuseUnlessAllowed(deps.outbound.checkHost(host), 'host');
  const settingsOf = (server: MqttServerRecord) => deps.lookup.connectionSettings(server);

  async function requireServer(db: Db, id: number): Promise<MqttServerRecord> {
    const server = await deps.repo.findServer(db, id);
    if (!server) throw serverNotFound();
    return server;
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

  return {
    requireServer,
    settingsOf,

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
  };
}

export type MqttServersService = ReturnType<typeof createMqttServersService>;
