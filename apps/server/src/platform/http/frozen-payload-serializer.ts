import type { FastifySerializerCompiler } from 'fastify';

/**
 * Wraps a route's response serializer so that a frozen payload is checked and turned into JSON
 * once. Frozen payloads are the read cache's answers (db/read-cache.ts freezes them all the way
 * down), which many requests send unchanged; everything else is serialized every time.
 * Each route keeps its own JSON, since another route's schema may shape the same value otherwise.
 */
export function rememberFrozenPayloads<T>(
  compile: FastifySerializerCompiler<T>,
): FastifySerializerCompiler<T> {
  return (route) => {
    const serialize = compile(route);
    const remembered = new WeakMap<object, string>();
    return (data: unknown) => {
      if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return serialize(data);
      let json = remembered.get(data);
      if (json === undefined) {
        json = serialize(data);
        remembered.set(data, json);
      }
      return json;
    };
  };
}
