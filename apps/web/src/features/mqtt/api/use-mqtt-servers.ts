import { useQuery } from '@tanstack/react-query';
import type { MqttServerStatus } from '@toolpass/contracts';
import { mqttServerQuery, mqttServerStatusesQuery, mqttServersQuery } from './mqtt-queries.ts';

export const useMqttServers = () => useQuery(mqttServersQuery());

export const useMqttServer = (id: number) => useQuery(mqttServerQuery(id));

/**
 * One server's connection status, read from the list of every server's status: the list page shows
 * a status per row, and one call every 5 s serves them all.
 */
export function useMqttServerStatus(serverId: number) {
  return useQuery({
    ...mqttServerStatusesQuery(),
    select: (statuses: MqttServerStatus[]) => statuses.find((status) => status.serverId === serverId),
  });
}
