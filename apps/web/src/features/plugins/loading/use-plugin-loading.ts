import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlugins } from '../api/use-plugins.ts';
import { startPluginLoading } from './plugin-registry.ts';

/**
 * Asks the server for its plugins once a user is signed in and imports their frontends. The
 * loader (and with it every shared package) is its own chunk, fetched only here.
 */
export function usePluginLoading(): void {
  const { data, isError } = usePlugins();
  // The app's i18next instance, handed over so the loader chunk does not import i18next itself.
  const { i18n } = useTranslation();
  useEffect(() => {
    if (data)
      startPluginLoading(() => import('./load-plugins.ts').then((module) => module.loadPlugins(data, i18n)));
    else if (isError) startPluginLoading(() => Promise.reject(new Error('GET /api/plugins failed')));
  }, [data, isError, i18n]);
}
