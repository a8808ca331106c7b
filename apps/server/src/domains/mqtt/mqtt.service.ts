import { createMqttConfigurationsService } from './mqtt-configurations.service.ts';
import { createMqttServersService } from './mqtt-servers.service.ts';
import type { MqttServiceDeps } from './mqtt-service-deps.ts';

export type { MqttServiceDeps, TestMessageOf } from './mqtt-service-deps.ts';

/**
 * MQTT servers and the MQTT configurations of resources (spec 02 §3, §7), as one service for the
 * routes: servers in mqtt-servers.service.ts, configurations in mqtt-configurations.service.ts.
 */
export function createMqttService(deps: MqttServiceDeps) {
  // The configurations need the server look-ups; the routes see neither.
  const { requireServer, settingsOf, ...servers } = createMqttServersService(deps);
  return { ...servers, ...createMqttConfigurationsService(deps, { requireServer, settingsOf }) };
}

export type MqttService = ReturnType<typeof createMqttService>;
