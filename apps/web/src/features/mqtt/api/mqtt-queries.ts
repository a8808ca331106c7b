import { queryOptions } from '@tanstack/react-query';
import type { DeliveryLogEntry, MqttConfiguration, MqttServer, MqttServerStatus } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { resourcesKeys } from '../../resources/api/resources-queries.ts';

/** The server list refreshes the connection status of each server this often (issue 15). */
export const MQTT_STATUS_POLL_INTERVAL_MS = 5000;
/** An open delivery log refreshes this often: a pending delivery turns done or failed by itself. */
export const DELIVERY_LOG_POLL_INTERVAL_MS = 5000;

export const mqttServersKeys = {
  all: ['mqtt-servers'] as const,
  list: ['mqtt-servers', 'list'] as const,
  detail: (id: number) => ['mqtt-servers', 'detail', id] as const,
  statuses: ['mqtt-servers', 'statuses'] as const,
};

/**
 * A resource's configurations nest under the resource's own key, so the live events that refresh
 * a resource (a session started) refresh its delivery logs too.
 */
export const mqttConfigurationsKeys = {
  ofResource: (resourceId: number) => [...resourcesKeys.detail(resourceId), 'mqtt'] as const,
  list: (resourceId: number) => [...resourcesKeys.detail(resourceId), 'mqtt', 'list'] as const,
  detail: (resourceId: number, configId: number) =>
    [...resourcesKeys.detail(resourceId), 'mqtt', 'detail', configId] as const,
  deliveries: (resourceId: number, configId: number) =>
    [...resourcesKeys.detail(resourceId), 'mqtt', 'detail', configId, 'deliveries'] as const,
};

export const mqttServersPath = '/api/mqtt/servers';
export const mqttConfigurationsPath = (resourceId: number) => `/api/resources/${resourceId}/mqtt/config`;

export const mqttServersQuery = () =>
  queryOptions({
    queryKey: mqttServersKeys.list,
    queryFn: ({ signal }) => apiClient.get<MqttServer[]>(mqttServersPath, { signal }),
  });

export const mqttServerQuery = (id: number) =>
  queryOptions({
    queryKey: mqttServersKeys.detail(id),
    queryFn: ({ signal }) => apiClient.get<MqttServer>(`${mqttServersPath}/${id}`, { signal }),
  });

export const mqttServerStatusesQuery = () =>
  queryOptions({
    queryKey: mqttServersKeys.statuses,
    queryFn: ({ signal }) => apiClient.get<MqttServerStatus[]>(`${mqttServersPath}/status`, { signal }),
    refetchInterval: MQTT_STATUS_POLL_INTERVAL_MS,
    // A status is a moment's reading; an offline start should not show an old "connected".
    staleTime: 0,
  });

export const mqttConfigurationsQuery = (resourceId: number) =>
  queryOptions({
    queryKey: mqttConfigurationsKeys.list(resourceId),
    queryFn: ({ signal }) =>
      apiClient.get<MqttConfiguration[]>(mqttConfigurationsPath(resourceId), { signal }),
  });

export const mqttConfigurationQuery = (resourceId: number, configId: number) =>
  queryOptions({
    queryKey: mqttConfigurationsKeys.detail(resourceId, configId),
    queryFn: ({ signal }) =>
      apiClient.get<MqttConfiguration>(`${mqttConfigurationsPath(resourceId)}/${configId}`, { signal }),
  });

export const mqttDeliveriesQuery = (resourceId: number, configId: number) =>
  queryOptions({
    queryKey: mqttConfigurationsKeys.deliveries(resourceId, configId),
    queryFn: ({ signal }) =>
      apiClient.get<DeliveryLogEntry[]>(`${mqttConfigurationsPath(resourceId)}/${configId}/deliveries`, {
        signal,
      }),
    refetchInterval: DELIVERY_LOG_POLL_INTERVAL_MS,
    staleTime: 0,
  });
