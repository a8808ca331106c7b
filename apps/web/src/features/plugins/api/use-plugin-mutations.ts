import { useQueryClient } from '@tanstack/react-query';
import { PLUGIN_UPLOAD_FIELD, type Plugin } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import { pluginPath, pluginsKeys, pluginsPath } from './plugins-queries.ts';

/** Uploads a package; one of the same name is replaced (spec 02 §4). */
export function useInstallPlugin() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (file: File) =>
      apiClient.sendForm<Plugin>('POST', pluginsPath, { [PLUGIN_UPLOAD_FIELD]: file }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pluginsKeys.list }),
  });
}

/** Removes an installed plugin and its files. */
export function useRemovePlugin() {
  const queryClient = useQueryClient();
  return useSingleFlightMutation({
    mutationFn: (pluginId: number) => apiClient.delete<unknown>(pluginPath(pluginId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pluginsKeys.list }),
  });
}
