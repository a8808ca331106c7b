import type { Plugin } from '@toolpass/contracts';
import type { PluginTranslations } from '@toolpass/plugin-sdk';
import type { i18n as I18n } from 'i18next';
import { readPluginDefinition } from './plugin-definition.ts';
import { pluginNamespace } from './plugin-namespace.ts';
import type { LoadedPlugin } from './plugin-registry.ts';
import { shareHostModules } from './share-host-modules.ts';

// A plugin without texts still gets its (empty) namespace: otherwise i18next would look for it
// on the server's /locales and retry for seconds.
function addTranslations(
  i18n: I18n,
  pluginName: string,
  translations: PluginTranslations = { en: {}, de: {} },
) {
  for (const language of ['en', 'de'] as const) {
    i18n.addResourceBundle(language, pluginNamespace(pluginName), translations[language], true, true);
  }
}

async function loadOne(i18n: I18n, plugin: Plugin & { frontendEntry: string }): Promise<LoadedPlugin> {
  // The URL comes from the server's list; the browser fetches it as a module under the page's CSP.
  const module: { default?: unknown } = await import(/* @vite-ignore */ plugin.frontendEntry);
  const definition = readPluginDefinition(module.default);
  addTranslations(i18n, plugin.name, definition.translations);
  return { name: plugin.name, definition };
}

/**
 * Imports the frontend module of each plugin the server loaded (spec 02 §8): a plugin without a
 * frontend entry is skipped silently, one that fails to import or is malformed is skipped with a
 * console message, and the others still load.
 */
export async function loadPlugins(plugins: readonly Plugin[], i18n: I18n): Promise<LoadedPlugin[]> {
  const withFrontend = plugins.filter(
    (plugin): plugin is Plugin & { frontendEntry: string } =>
      plugin.state === 'loaded' && plugin.frontendEntry !== null,
  );
  if (withFrontend.length === 0) return [];
  shareHostModules();
  const results = await Promise.allSettled(withFrontend.map((plugin) => loadOne(i18n, plugin)));
  const loaded: LoadedPlugin[] = [];
  results.forEach((result, index) => {
    if (result.status === 'fulfilled') loaded.push(result.value);
    else
      console.error(
        `Plugin ${withFrontend[index]?.name} is skipped: its frontend failed to load`,
        result.reason,
      );
  });
  return loaded;
}
