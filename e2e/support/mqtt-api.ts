import { DEFAULT_MQTT_MESSAGES, type MqttConfiguration, type MqttServer } from '@toolpass/contracts';
import type { SignedInAccount } from './detail-api.ts';
import { e2eEnvironment } from './environment.ts';

/** Setup through the API for the IoT specs that do not walk through the forms themselves. */
async function post<T>(account: SignedInAccount, path: string, body: unknown): Promise<T> {
  const response = await fetch(new URL(path, e2eEnvironment().baseUrl), {
    method: 'POST',
    headers: { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** An MQTT server pointing at the broker of the global setup; `fields` adds a user name, a password... */
export function createMqttServer(
  manager: SignedInAccount,
  name: string,
  fields: Record<string, unknown> = {},
): Promise<MqttServer> {
  const { host, port } = e2eEnvironment().mqttBroker;
  return post<MqttServer>(manager, '/api/mqtt/servers', { name, host, port, ...fields });
}

/** A configuration with the default messages, publishing under a topic of the test's own. */
export function createMqttConfiguration(
  manager: SignedInAccount,
  resourceId: number,
  fields: { name: string; serverId: number; topic: string },
): Promise<MqttConfiguration> {
  return post<MqttConfiguration>(manager, `/api/resources/${resourceId}/mqtt/config`, {
    name: fields.name,
    serverId: fields.serverId,
    inUseTopic: fields.topic,
    inUseMessage: DEFAULT_MQTT_MESSAGES.inUse,
    notInUseTopic: fields.topic,
    notInUseMessage: DEFAULT_MQTT_MESSAGES.notInUse,
  });
}
