import { queryOptions } from '@tanstack/react-query';
import type { Plugin } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const pluginsPath = '/api/plugins';
export const pluginPath = (pluginId: number) => `${pluginsPath}/${pluginId}`;

export const pluginsKeys = { list: ['plugins', 'list'] as const };

export const pluginsQuery = () =>
  queryOptions({
    queryKey: pluginsKeys.list,
    queryFn: ({ signal }) => apiClient.get<Plugin[]>(pluginsPath, { signal }),
  });
