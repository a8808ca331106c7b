import { useQuery } from '@tanstack/react-query';
import { pluginsQuery } from './plugins-queries.ts';

/** The installed plugins (GET /api/plugins, spec 02 §7). */
export function usePlugins() {
  return useQuery(pluginsQuery());
}
