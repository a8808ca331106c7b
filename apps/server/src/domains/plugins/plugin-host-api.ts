import type { DomainEvent, DomainEventType } from '@toolpass/contracts';

/**
 * What a backend plugin's default export receives (issue 29, decision 20). The module is an ES
 * module; its default export is `activate(api)`, which may return `{ deactivate }` to release
 * what it holds (timers, sockets) when the plugin is replaced or removed.
 *
 * The API is narrow on purpose, but it is not a sandbox: a plugin runs in the server's process
 * with the server's rights (decision 20, the trust model).
 */
export type PluginHostApi = {
  /** The plugin's name and version from its manifest. */
  plugin: { name: string; version: string };
  /**
   * HTTP routes under `/api/plugins/{name}/api/…`. Paths are relative to that prefix and may
   * hold `:param` segments (`/counts/:resourceId`). Every request passes the app's auth guard
   * first: only signed-in users reach a handler, which sees who they are in `request.user`.
   */
  routes: {
    get(path: string, handler: PluginRouteHandler): void;
    post(path: string, handler: PluginRouteHandler): void;
    put(path: string, handler: PluginRouteHandler): void;
    patch(path: string, handler: PluginRouteHandler): void;
    delete(path: string, handler: PluginRouteHandler): void;
  };
  /**
   * Durable subscriptions to domain events (decision 8): each event at least once, in order per
   * resource, across restarts; a handler that throws gets the event again later. Call it during
   * `activate`; the plugin's event types are the union of its calls, one handler per type.
   * Events are delivered to the plugin from its installation on, not before.
   */
  events: {
    subscribe<T extends DomainEventType>(
      eventTypes: T[],
      handler: (event: Extract<DomainEvent, { type: T }>) => Promise<void> | void,
    ): void;
  };
  /** The server's logger, with the plugin's name on every line. */
  logger: PluginLogger;
  /** The plugin's own key-value store in the server's database (values are JSON). */
  kv: PluginKeyValueStore;
};

export type PluginLogger = {
  debug(message: string, details?: Record<string, unknown>): void;
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
};

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Keys are 1 to 200 characters; a value is JSON of at most 64 KB. Kept across replacements. */
export type PluginKeyValueStore = {
  get(key: string): Promise<JsonValue | undefined>;
  set(key: string, value: JsonValue): Promise<void>;
  delete(key: string): Promise<void>;
  /** The entries whose key starts with `prefix` (all without one), in key order. */
  list(prefix?: string): Promise<{ key: string; value: JsonValue }[]>;
};

export type PluginRequest = {
  method: string;
  /** The path below `/api/plugins/{name}/api`, starting with "/". */
  path: string;
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** The parsed JSON body, if any. */
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
  user: { id: number; username: string; permissions: Record<string, boolean> };
};

/** What a handler answers: status 200 and the body as JSON unless told otherwise. */
export type PluginResponse = { status?: number; headers?: Record<string, string>; body?: unknown };

export type PluginRouteHandler = (request: PluginRequest) => Promise<PluginResponse> | PluginResponse;

/** The default export of a backend plugin's entry module. */
export type PluginActivate = (
  api: PluginHostApi,
) => void | { deactivate?(): Promise<void> | void } | Promise<void | { deactivate?(): Promise<void> | void }>;
