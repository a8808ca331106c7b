import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DOMAIN_EVENT_TYPES, type DomainEvent, type PluginManifest } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { JsonValue, PluginActivate, PluginHostApi, PluginKeyValueStore } from './plugin-host-api.ts';
import { createPluginRouter, type PluginRouteMethod, type PluginRouter } from './plugin-router.ts';
import type { PluginsRepository } from './plugins.repository.ts';

const KV_KEY_MAX_LENGTH = 200;
/** A plugin that takes longer to import and activate is kept as failed: installs wait for it. */
const ACTIVATION_TIMEOUT_MS = 30_000;
const KV_VALUE_MAX_BYTES = 64 * 1024;

/** A plugin as this process runs it: loaded, or failed with the reason. */
export type LoadedPlugin = {
  id: number;
  name: string;
  revision: number;
  manifest: PluginManifest;
  /** The unpacked folder of this revision. */
  folder: string;
  state: 'loaded' | 'failed';
  error: string | null;
  router: PluginRouter;
  handlers: Map<string, (event: DomainEvent) => Promise<void> | void>;
  deactivate: (() => Promise<void> | void) | undefined;
};

function keyValueStore(deps: { db: Db; repo: PluginsRepository; pluginId: number }): PluginKeyValueStore {
  const checkKey = (key: string) => {
    if (typeof key !== 'string' || key.length === 0 || key.length > KV_KEY_MAX_LENGTH) {
      throw new Error(`A key is 1 to ${KV_KEY_MAX_LENGTH} characters`);
    }
  };
  return {
    async get(key) {
      checkKey(key);
      const stored = await deps.repo.kvGet(deps.db, deps.pluginId, key);
      return stored === undefined ? undefined : (JSON.parse(stored) as JsonValue);
    },
    async set(key, value) {
      checkKey(key);
      const text = JSON.stringify(value);
      if (text === undefined) throw new Error('A value is JSON');
      if (Buffer.byteLength(text) > KV_VALUE_MAX_BYTES) throw new Error('A value is at most 64 KB of JSON');
      await deps.repo.kvSet(deps.db, deps.pluginId, key, text);
    },
    async delete(key) {
      checkKey(key);
      await deps.repo.kvDelete(deps.db, deps.pluginId, key);
    },
    async list(prefix = '') {
      const rows = await deps.repo.kvList(deps.db, deps.pluginId, prefix);
      return rows.map((row) => ({ key: row.key, value: JSON.parse(row.value) as JsonValue }));
    },
  };
}

async function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Activation took longer than ${ACTIVATION_TIMEOUT_MS / 1000} s`)),
      ACTIVATION_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function pluginLogger(logger: Logger, name: string): PluginHostApi['logger'] {
  const child = logger.child({ plugin: name });
  return {
    debug: (message, details) => child.debug(details ?? {}, message),
    info: (message, details) => child.info(details ?? {}, message),
    warn: (message, details) => child.warn(details ?? {}, message),
    error: (message, details) => child.error(details ?? {}, message),
  };
}

/**
 * Loads one revision of a plugin from its unpacked folder: imports its backend module from a URL
 * of that revision (a replaced plugin is imported afresh, not answered from the module cache)
 * and activates it with the host API (decision 20). A plugin without a backend is loaded as is.
 * Failures are not thrown: the plugin is kept as failed, with the reason, and the app goes on.
 */
export async function loadPlugin(deps: {
  plugin: { id: number; name: string; revision: number; manifest: PluginManifest };
  folder: string;
  db: Db;
  repo: PluginsRepository;
  logger: Logger;
}): Promise<LoadedPlugin> {
  const { plugin } = deps;
  const router = createPluginRouter();
  const handlers = new Map<string, (event: DomainEvent) => Promise<void> | void>();
  const loaded: LoadedPlugin = {
    ...plugin,
    folder: deps.folder,
    state: 'loaded',
    error: null,
    router,
    handlers,
    deactivate: undefined,
  };
  const backend = plugin.manifest.main.backend;
  if (!backend) return loaded;

  let activating = true;
  const route =
    (method: PluginRouteMethod) => (routePath: string, handler: Parameters<PluginRouter['add']>[2]) => {
      if (!activating) throw new Error('Routes are registered while the plugin activates');
      router.add(method, routePath, handler);
    };
  const api: PluginHostApi = {
    plugin: { name: plugin.name, version: plugin.manifest.version },
    routes: {
      get: route('GET'),
      post: route('POST'),
      put: route('PUT'),
      patch: route('PATCH'),
      delete: route('DELETE'),
    },
    events: {
      subscribe(eventTypes, handler) {
        if (!activating) throw new Error('Subscriptions are made while the plugin activates');
        for (const type of eventTypes) {
          if (!DOMAIN_EVENT_TYPES.includes(type)) throw new Error(`There is no event type "${String(type)}"`);
          handlers.set(type, handler as (event: DomainEvent) => Promise<void> | void);
        }
      },
    },
    logger: pluginLogger(deps.logger, plugin.name),
    kv: keyValueStore({ db: deps.db, repo: deps.repo, pluginId: plugin.id }),
  };
  try {
    const entry = path.join(deps.folder, backend.directory, backend.entryPoint);
    const url = `${pathToFileURL(entry).href}?revision=${plugin.revision}`;
    const answer = await withinTimeout(
      (async () => {
        const module = (await import(/* @vite-ignore */ url)) as { default?: unknown };
        if (typeof module.default !== 'function') {
          throw new Error('The backend module has no default export function');
        }
        return (module.default as PluginActivate)(api);
      })(),
    );
    if (answer && typeof answer.deactivate === 'function') loaded.deactivate = answer.deactivate.bind(answer);
  } catch (error) {
    loaded.state = 'failed';
    loaded.error = error instanceof Error ? error.message : String(error);
    handlers.clear();
    deps.logger.error({ err: error, plugin: plugin.name }, 'A plugin failed to load and is skipped');
  } finally {
    activating = false;
  }
  return loaded;
}
