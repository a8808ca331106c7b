import { useEffect } from 'react';
import { usePlugins } from '../api/use-plugins.ts';
import { startPluginLoading } from './plugin-registry.ts';

/**
 * Asks the server for its plugins once a user is signed in and imports their frontends. The
 * loader (and with it every shared package) is its own chunk, fetched only here.
 */
export function usePluginLoading(): void {
  const { data, isError } = usePlugins();
  useEffect(() => {
    if (data)
      startPluginLoading(() => import('./load-plugins.ts').then((module) => module.loadPlugins(data)));
    else if (isError) startPluginLoading(() => Promise.reject(new Error('GET /api/plugins failed')));
  }, [data, isError]);
}
