import type { PluginRouteHandler } from './plugin-host-api.ts';

export const PLUGIN_ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type PluginRouteMethod = (typeof PLUGIN_ROUTE_METHODS)[number];

type Route = { method: PluginRouteMethod; segments: string[]; handler: PluginRouteHandler };

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/**
 * The routes one backend plugin registered. Fastify cannot add routes once it is ready, so one
 * wildcard route dispatches here (decision 20); a replaced plugin gets a new router and the old
 * one is dropped with it.
 */
export function createPluginRouter() {
  const routes: Route[] = [];
  return {
    add(method: PluginRouteMethod, path: string, handler: PluginRouteHandler): void {
      if (typeof path !== 'string' || !path.startsWith('/')) {
        throw new Error(`A plugin route path starts with "/": ${String(path)}`);
      }
      if (typeof handler !== 'function')
        throw new Error(`The handler of ${method} ${path} is not a function`);
      routes.push({ method, segments: segmentsOf(path), handler });
    },

    /**
     * The handler for a request path (below the plugin's prefix, as its decoded segments) and the
     * values of its `:params`.
     */
    match(
      method: string,
      wanted: string[],
    ): { handler: PluginRouteHandler; params: Record<string, string> } | 'method-not-allowed' | undefined {
      let pathMatched = false;
      for (const route of routes) {
        if (route.segments.length !== wanted.length) continue;
        const params: Record<string, string> = {};
        const matches = route.segments.every((segment, index) => {
          const value = wanted[index] as string;
          if (segment.startsWith(':')) {
            params[segment.slice(1)] = value;
            return true;
          }
          return segment === value;
        });
        if (!matches) continue;
        pathMatched = true;
        if (route.method === method) return { handler: route.handler, params };
      }
      return pathMatched ? 'method-not-allowed' : undefined;
    },
  };
}

export type PluginRouter = ReturnType<typeof createPluginRouter>;
