import { useQueryClient } from '@tanstack/react-query';
import type { MqttConfiguration, MqttTestResult } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { type MqttConfigurationDraft, toConfigurationBody } from '../mqtt-configuration-draft.ts';
import { mqttConfigurationsKeys, mqttConfigurationsPath } from './mqtt-queries.ts';

/** Creates a configuration of the resource, or changes the one with `configId`. */
export function useSaveMqttConfiguration(resourceId: number, configId?: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (draft: MqttConfigurationDraft) =>
      configId === undefined
        ? apiClient.post<MqttConfiguration>(mqttConfigurationsPath(resourceId), toConfigurationBody(draft))
        : apiClient.put<MqttConfiguration>(
            `${mqttConfigurationsPath(resourceId)}/${configId}`,
            toConfigurationBody(draft),
          ),
    onSuccess: (configuration) => {
      queryClient.setQueryData(mqttConfigurationsKeys.detail(resourceId, configuration.id), configuration);
      return queryClient.invalidateQueries({ queryKey: mqttConfigurationsKeys.list(resourceId) });
    },
  });
}

/** Deletes a configuration; its own queries are dropped rather than refetched into a 404. */
export function useDeleteMqttConfiguration(resourceId: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (configId: number) =>
      apiClient.delete<void>(`${mqttConfigurationsPath(resourceId)}/${configId}`),
    onSuccess: (_answer, configId) => {
      queryClient.removeQueries({ queryKey: mqttConfigurationsKeys.detail(resourceId, configId) });
      return queryClient.invalidateQueries({ queryKey: mqttConfigurationsKeys.list(resourceId) });
    },
  });
}

/** Publishes the in-use message, filled with sample values, through the server's connection. */
export function useTestMqttConfiguration(resourceId: number, configId: number) {
  return useSingleFlightMutation({
    mutationFn: () =>
      apiClient.post<MqttTestResult>(`${mqttConfigurationsPath(resourceId)}/${configId}/test`),
  });
}
