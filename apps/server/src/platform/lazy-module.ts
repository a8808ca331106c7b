import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A dependency loaded on first use instead of at start. Drivers and clients that most installs
 * never touch (pg on SQLite, mqtt without brokers, sharp until an image is uploaded) cost tens
 * of milliseconds and megabytes each when imported at start; the server must answer within half
 * a second of starting and stay small at idle (architecture §Footprint).
 *
 * Synchronous on purpose: callers such as a pool constructor cannot await. Node loads ES-only
 * packages through require as well, as long as they have no top-level await.
 */
export function lazyModule<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(specifier) as T;
    return loaded;
  };
}
