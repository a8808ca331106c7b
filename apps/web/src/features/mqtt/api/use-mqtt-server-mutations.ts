import { useQueryClient } from '@tanstack/react-query';
import type { MqttServer, MqttTestResult } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { type MqttServerDraft, toCreateServerBody, toUpdateServerBody } from '../mqtt-server-draft.ts';
import { mqttServersKeys, mqttServersPath } from './mqtt-queries.ts';

/**
 * Adds a server, or changes the one with `serverId` (a password left empty keeps the stored one).
 * The list and the statuses refresh: new settings mean a new connection.
 */
export function useSaveMqttServer(serverId?: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (draft: MqttServerDraft) =>
      serverId === undefined
        ? apiClient.post<MqttServer>(mqttServersPath, toCreateServerBody(draft))
        : apiClient.put<MqttServer>(`${mqttServersPath}/${serverId}`, toUpdateServerBody(draft)),
    onSuccess: (server) => {
      queryClient.setQueryData(mqttServersKeys.detail(server.id), server);
      void queryClient.invalidateQueries({ queryKey: mqttServersKeys.statuses });
      return queryClient.invalidateQueries({ queryKey: mqttServersKeys.list });
    },
  });
}

export function useDeleteMqttServer() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (id: number) => apiClient.delete<void>(`${mqttServersPath}/${id}`),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: mqttServersKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: mqttServersKeys.statuses });
      return queryClient.invalidateQueries({ queryKey: mqttServersKeys.list });
    },
  });
}

/** Connects to the server on a fresh connection; a broker that is down answers success false. */
export function useTestMqttServer(id: number) {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: () => apiClient.post<MqttTestResult>(`${mqttServersPath}/${id}/test`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mqttServersKeys.statuses }),
  });
}
