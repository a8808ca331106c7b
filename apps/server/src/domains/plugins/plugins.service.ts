import { createHash } from 'node:crypto';
import {
  type Plugin,
  type PluginManifest,
  PluginManifestSchema,
  PluginMessages,
  pluginFrontendUrl,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SubscriptionUpkeep } from '../../platform/events/subscriptions.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { PluginEventHandlers } from './plugin-event-target.ts';
import { pluginTarget } from './plugin-event-target.ts';
import type { PluginFolders } from './plugin-folders.ts';
import { type LoadedPlugin, loadPlugin } from './plugin-loader.ts';
import { readPluginManifest } from './plugin-package.ts';
import type { PluginsRepository, StoredPlugin } from './plugins.repository.ts';

/** How often an instance looks for plugins installed or removed through another one. */
const DEFAULT_POLL_MS = 2_000;

/**
 * Plugins (issue 29, decision 20): install, replace and remove without a restart, and keep
 * this process's loaded plugins in step with the database, where the packages are kept, so
 * every instance on one database loads the same plugins within seconds. Changes to what is
 * loaded run one at a time.
 */
export function createPluginsService(deps: {
  db: Db;
  repo: PluginsRepository;
  folders: PluginFolders;
  subscriptions: SubscriptionUpkeep;
  clock: Clock;
  logger: Logger;
  appVersion: string;
  /** PLUGINS=off: nothing is loaded or installed; removing still works. */
  enabled: boolean;
  pollMs?: number;
}) {
  const loaded = new Map<string, LoadedPlugin>();
  let queue: Promise<unknown> = Promise.resolve();
  let poll: NodeJS.Timeout | undefined;
  let stopped = false;
  let swept = false;

  /** Runs changes of what is loaded one after another, whoever asks. */
  function serially<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function unload(name: string): Promise<void> {
    const plugin = loaded.get(name);
    if (!plugin) return;
    loaded.delete(name);
    try {
      await plugin.deactivate?.();
    } catch (error) {
      deps.logger.warn({ err: error, plugin: name }, 'A plugin failed to deactivate');
    }
  }

  /** The plugin's event types as its subscriptions in the database, unless a newer revision is stored. */
  async function syncSubscriptions(plugin: LoadedPlugin): Promise<void> {
    if (plugin.state !== 'loaded') return;
    await deps.db.transaction().execute(async (tx) => {
      const current = await deps.repo.findById(tx, plugin.id);
      if (current?.revision !== plugin.revision) return;
      await deps.subscriptions.replaceEveryResource(tx, pluginTarget(plugin.name), [
        ...plugin.handlers.keys(),
      ]);
    });
  }

  async function activate(
    stored: StoredPlugin,
    folder: string,
    manifest: PluginManifest,
  ): Promise<LoadedPlugin> {
    await unload(stored.name);
    const plugin = await loadPlugin({
      plugin: { id: stored.id, name: stored.name, revision: stored.revision, manifest },
      folder,
      db: deps.db,
      repo: deps.repo,
      logger: deps.logger,
    });
    loaded.set(stored.name, plugin);
    try {
      await syncSubscriptions(plugin);
    } catch (error) {
      deps.logger.error({ err: error, plugin: plugin.name }, "Storing a plugin's event subscriptions failed");
    }
    return plugin;
  }

  /** Loads a stored revision on this instance, unpacking its own copy when it has none. */
  async function loadStored(stored: StoredPlugin): Promise<void> {
    let manifest = PluginManifestSchema.parse(JSON.parse(stored.manifest));
    let folder = deps.folders.folderOf(stored);
    try {
      if (!(await deps.folders.exists(stored))) {
        const zip = await deps.repo.packageOf(deps.db, stored.id, stored.revision);
        if (!zip) return; // replaced or removed meanwhile: the next pass loads what is there
        folder = await deps.folders.place(await deps.folders.unpackToTemporary(zip), stored);
      }
      // Checked again here: the app may have been upgraded past the plugin's range since its upload.
      manifest = await readPluginManifest(folder, deps.appVersion);
    } catch (error) {
      await unload(stored.name);
      loaded.set(stored.name, failedPlugin(stored, manifest, folder, error));
      deps.logger.error({ err: error, plugin: stored.name }, 'A plugin failed to load and is skipped');
      return;
    }
    await activate(stored, folder, manifest);
  }

  function failedPlugin(stored: StoredPlugin, manifest: PluginManifest, folder: string, error: unknown) {
    const plugin: LoadedPlugin = {
      id: stored.id,
      name: stored.name,
      revision: stored.revision,
      manifest,
      folder,
      state: 'failed',
      error: error instanceof Error ? error.message : String(error),
      router: { add: () => undefined, match: () => undefined },
      handlers: new Map(),
      deactivate: undefined,
    };
    return plugin;
  }

  /** Brings the loaded plugins in step with the stored ones. */
  function reconcile(): Promise<void> {
    return serially(async () => {
      if (!deps.enabled || stopped) return;
      const stored = await deps.repo.list(deps.db);
      const names = new Set(stored.map((plugin) => plugin.name));
      let changed = false;
      for (const name of [...loaded.keys()]) {
        if (names.has(name)) continue;
        await unload(name);
        changed = true;
      }
      for (const plugin of stored) {
        if (loaded.get(plugin.name)?.revision === plugin.revision) continue;
        await loadStored(plugin);
        changed = true;
      }
      // At start, too: folders of plugins removed while this instance was down go.
      if (changed || !swept) await deps.folders.sweep(stored, deps.clock.now().getTime());
      swept = true;
    });
  }

  /** `withError`: the reason a plugin failed may name server paths, so only administrators read it. */
  function toPlugin(stored: StoredPlugin, withError = true): Plugin {
    const plugin = loaded.get(stored.name);
    const current = plugin?.revision === stored.revision ? plugin : undefined;
    const state = current?.state ?? 'failed';
    const frontend = current?.manifest.main.frontend;
    return {
      id: stored.id,
      name: stored.name,
      version: stored.version,
      description: stored.description,
      state,
      error: !withError
        ? null
        : deps.enabled
          ? (current?.error ?? (current ? null : 'Not loaded yet'))
          : PluginMessages.pluginsOff,
      frontendEntry:
        state === 'loaded' && frontend
          ? `${pluginFrontendUrl(stored.name, frontend.entryPoint)}?revision=${stored.revision}`
          : null,
      installedAt: stored.installedAt.toISOString(),
    };
  }

  return {
    /** Loads the stored plugins, then keeps watching for changes made through other instances. */
    async start(): Promise<void> {
      if (!deps.enabled) {
        deps.logger.info('Plugins are turned off (PLUGINS=off): none is loaded');
        return;
      }
      await reconcile();
      poll = setInterval(() => {
        reconcile().catch((error) => deps.logger.warn({ err: error }, 'Looking for plugin changes failed'));
      }, deps.pollMs ?? DEFAULT_POLL_MS);
      poll.unref();
    },

    async stop(): Promise<void> {
      clearInterval(poll);
      await serially(async () => {
        stopped = true;
        for (const name of [...loaded.keys()]) await unload(name);
      });
    },

    async list(options: { withErrors: boolean }): Promise<Plugin[]> {
      let stored = await deps.repo.list(deps.db);
      if (deps.enabled && stored.some((plugin) => loaded.get(plugin.name)?.revision !== plugin.revision)) {
        await reconcile();
        stored = await deps.repo.list(deps.db);
      }
      return stored.map((plugin) => toPlugin(plugin, options.withErrors));
    },

    /** Installs a package, or replaces the installed plugin of its name, and loads it here at once. */
    async install(zip: Buffer): Promise<Plugin> {
      if (!deps.enabled) throw new AppError(409, PluginMessages.pluginsOff);
      const temporary = await deps.folders.unpackToTemporary(zip);
      let manifest: PluginManifest;
      try {
        manifest = await readPluginManifest(temporary, deps.appVersion);
      } catch (error) {
        await deps.folders.discard(temporary);
        throw error;
      }
      return serially(async () => {
        let stored: StoredPlugin;
        try {
          stored = await deps.repo.save(deps.db, {
            name: manifest.name,
            version: manifest.version,
            description: manifest.description ?? null,
            manifest: JSON.stringify(manifest),
            package: zip,
            packageSha256: createHash('sha256').update(zip).digest('hex'),
            installedAt: deps.clock.now(),
          });
        } catch (error) {
          await deps.folders.discard(temporary);
          throw error;
        }
        const folder = await deps.folders.place(temporary, stored);
        await activate(stored, folder, manifest);
        await deps.folders.sweep(await deps.repo.list(deps.db), deps.clock.now().getTime());
        return toPlugin(stored);
      });
    },

    async remove(id: number): Promise<void> {
      await serially(async () => {
        const removed = await deps.db.transaction().execute(async (tx) => {
          const stored = await deps.repo.findById(tx, id);
          if (!stored) return undefined;
          await deps.repo.delete(tx, id);
          await deps.subscriptions.replaceEveryResource(tx, pluginTarget(stored.name), []);
          return stored;
        });
        if (!removed) throw notFound(PluginMessages.notFound);
        await unload(removed.name);
        await deps.folders.sweep(await deps.repo.list(deps.db), deps.clock.now().getTime());
      });
    },

    /** A plugin loaded on this instance, by name. */
    loadedPlugin(name: string): LoadedPlugin | undefined {
      const plugin = loaded.get(name);
      return plugin?.state === 'loaded' ? plugin : undefined;
    },

    /** What the plugin delivery target asks: the handler of a loaded plugin for an event type. */
    eventHandlers: {
      handlerOf(pluginName, eventType) {
        const plugin = loaded.get(pluginName);
        if (plugin?.state !== 'loaded') return 'not-loaded';
        return plugin.handlers.get(eventType);
      },
    } satisfies PluginEventHandlers,

    isInstalled: (name: string) => deps.repo.exists(deps.db, name),
  };
}

export type PluginsService = ReturnType<typeof createPluginsService>;
