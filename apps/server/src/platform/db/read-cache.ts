import type { ChangeScope } from './change-scopes.ts';

/**
 * Counts the changes a database has seen; any write or rollback moves it on. Undefined while
 * it cannot know (PostgreSQL with its listening connection down): then nothing is cached. Asked
 * for the 'accounts' scope it counts only the changes that may touch accounts (change-scopes.ts).
 */
export type ChangeCounter = { changes(scope?: ChangeScope): number | undefined };

type Entry = { changes: number; value: Promise<unknown> };

/**
 * Cached answers are shared by every request that reads them, so they are frozen all the way
 * down: a change by one caller would otherwise be seen by the next. Being frozen also tells the
 * response serializer that an answer's JSON can be kept (http/frozen-payload-serializer.ts).
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/**
 * Answers repeated reads from memory until the database changes (docs/decisions/0007-read-cache.md).
 *
 * Any write statement and any rollback moves the counter on, so an entry can never outlive the
 * data it was read from, whichever domain wrote. On SQLite this process sees every change; on
 * PostgreSQL the counter also moves with every change notification of the other instances, and
 * has no value while it cannot hear them (decision 24), so an entry outlives its data by at most
 * the notification's delay. A read that saw the counter move while it ran is answered but not
 * kept. Identical reads at the same moment share one query.
 *
 * Without a counter, or while it has no value, every read goes to the database. Cached values
 * are shared between requests and frozen.
 */
export function createReadCache(options: {
  counter: ChangeCounter | undefined;
  maxEntries: number;
  /** Answers read only from accounts' tables may ask for the 'accounts' scope. */
  scope?: ChangeScope;
}) {
  const entries = new Map<string, Entry>();
  const { counter } = options;
  const scope = options.scope ?? 'all';

  return {
    read<T>(key: string, load: () => Promise<T>): Promise<T> {
      const changes = counter?.changes(scope);
      if (changes === undefined) return load();
      const cached = entries.get(key);
      if (cached?.changes === changes) {
        // Most recently used last, so the oldest is dropped first.
        entries.delete(key);
        entries.set(key, cached);
        return cached.value as Promise<T>;
      }
      const value = load().then(deepFreeze);
      const entry: Entry = { changes, value };
      entries.delete(key);
      if (entries.size >= options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, entry);
      value.then(
        () => {
          // Something changed while it was read: the answer may mix old and new, so it is not kept.
          if (counter?.changes(scope) !== changes && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },
  };
}

export type ReadCache = ReturnType<typeof createReadCache>;
