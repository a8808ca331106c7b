import type { MqttConfiguration, MqttServer } from '@toolpass/contracts';
import type { TestApp } from './build-test-app.ts';

type Actor = { auth: { authorization: string } };

/** MQTT servers and configurations made through the API, as the IoT screens make them. */
export function mqttFixtures(t: TestApp) {
  async function call<T>(actor: Actor, method: 'POST' | 'PUT', url: string, payload: object): Promise<T> {
    const response = await t.app.inject({ method, url, headers: actor.auth, payload });
    if (response.statusCode >= 300) {
      throw new Error(`${method} ${url} failed: ${response.statusCode} ${response.body}`);
    }
    return response.json<T>();
  }

  return {
    server(manager: Actor, fields: Record<string, unknown> & { host: string; port: number }) {
      return call<MqttServer>(manager, 'POST', '/api/mqtt/servers', { name: 'Broker', ...fields });
    },

    /** A configuration publishing to `<prefix>/in-use|available|taken-over` unless told otherwise. */
    configuration(
      manager: Actor,
      resourceId: number,
      serverId: number,
      fields: Partial<Omit<MqttConfiguration, 'id' | 'resourceId' | 'serverId'>> & { prefix?: string } = {},
    ) {
      const { prefix = 'toolpass-test', ...rest } = fields;
      return call<MqttConfiguration>(manager, 'POST', `/api/resources/${resourceId}/mqtt/config`, {
        name: 'Relay',
        serverId,
        inUseTopic: `${prefix}/in-use`,
        inUseMessage: 'on {{user.username}}',
        notInUseTopic: `${prefix}/available`,
        notInUseMessage: 'off {{user.username}}',
        ...rest,
      });
    },
  };
}
