import type { MqttConfiguration } from '@toolpass/contracts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import type { Db } from '../../platform/db/database.ts';
import type { MqttRepository, MqttServerRecord } from './mqtt.repository.ts';
import type { MqttConnectionSettings } from './mqtt-connections.ts';

/** Raised when a stored password was sealed under another SECRET_KEY. */
export class UnreadablePasswordError extends Error {
  constructor() {
    super('The stored password of the MQTT server cannot be read (SECRET_KEY changed?); enter it again.');
    this.name = 'UnreadablePasswordError';
  }
}

/**
 * What MQTT deliveries read: a configuration and how to reach its broker, and which
 * configurations wait for a broker that reconnected. It needs only the repository and the
 * password box, so the delivery target can be made before the services that write events (the
 * MQTT service among them) exist.
 */
export function createMqttDeliveryLookup(deps: { db: Db; repo: MqttRepository; passwords: SecretBox }) {
  function connectionSettings(server: MqttServerRecord): MqttConnectionSettings {
    let password: string | null = null;
    if (server.sealedPassword !== null) {
      try {
        password = deps.passwords.open(server.sealedPassword);
      } catch {
        throw new UnreadablePasswordError();
      }
    }
    return {
      serverId: server.id,
      host: server.host,
      port: server.port,
      useTls: server.useTls,
      clientId: server.clientId,
      username: server.username,
      password,
    };
  }

  return {
    connectionSettings,

    configurationIdsOfServer: (serverId: number) => deps.repo.configurationIdsOfServer(deps.db, serverId),

    /** A configuration and how to reach its broker, or undefined once it was deleted. */
    async deliverySettings(
      configurationId: number,
    ): Promise<{ configuration: MqttConfiguration; connection: MqttConnectionSettings } | undefined> {
      const found = await deps.repo.findForDelivery(deps.db, configurationId);
      return found && { configuration: found.configuration, connection: connectionSettings(found.server) };
    },
  };
}

export type MqttDeliveryLookup = ReturnType<typeof createMqttDeliveryLookup>;
