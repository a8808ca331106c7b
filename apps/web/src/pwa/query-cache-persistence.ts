import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { readStoredAuth } from '../sign-in/auth-storage.ts';
import { forgetPersistedQueryCache, QUERY_CACHE_STORAGE_KEY } from './query-cache-storage.ts';

/** Answers older than this are not shown offline: a week-old overview misleads more than it helps. */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Local storage holds about 5 MB per origin; the cache takes at most part of it. */
const MAX_CHARACTERS = 1_500_000;
/** Writes are gathered: a burst of live events rewrites the cache once. */
const WRITE_DELAY_MS = 2_000;

/** What is kept of a successful query: its key, its answer and when that answer came. */
type KeptQuery = { queryKey: QueryKey; data: unknown; updatedAt: number };
type Persisted = { savedAt: number; queries: KeptQuery[] };

function read(): Persisted | undefined {
  try {
    const raw = localStorage.getItem(QUERY_CACHE_STORAGE_KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as Persisted;
    const isFresh = typeof value?.savedAt === 'number' && Date.now() - value.savedAt < MAX_AGE_MS;
    return isFresh && Array.isArray(value.queries) ? value : undefined;
  } catch {
    return undefined;
  }
}

function write(client: QueryClient): void {
  // Only a signed-in member's answers are kept, and only while the sign-in lasts.
  if (!readStoredAuth()) {
    forgetPersistedQueryCache();
    return;
  }
  // The query client's own methods, not TanStack's dehydrate: that module would add a chunk to
  // the sign-in screen's budget.
  const queries: KeptQuery[] = client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success' && query.state.data !== undefined)
    .map((query) => ({
      queryKey: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    }));
  const raw = JSON.stringify({ savedAt: Date.now(), queries } satisfies Persisted);
  try {
    if (raw.length > MAX_CHARACTERS) forgetPersistedQueryCache();
    else localStorage.setItem(QUERY_CACHE_STORAGE_KEY, raw);
  } catch {
    // A full or blocked storage only costs the offline start its data.
  }
}

const kept = new WeakSet<QueryClient>();

/**
 * Restores the answers a signed-in member last saw, then keeps them as they change, so that an
 * installed app opened without a network shows its pages instead of errors (issue 14).
 */
export function keepQueryCache(client: QueryClient, options: { restore: boolean }): void {
  if (kept.has(client)) return;
  kept.add(client);
  const persisted = options.restore ? read() : undefined;
  if (persisted && readStoredAuth()) {
    for (const query of persisted.queries) {
      // Restored answers keep their age: they are stale, so a page with a network refetches them.
      client.setQueryData(query.queryKey, query.data, { updatedAt: query.updatedAt });
    }
  }

  let timer: number | undefined;
  const writeSoon = () => {
    if (timer !== undefined) return;
    timer = window.setTimeout(() => {
      timer = undefined;
      write(client);
    }, WRITE_DELAY_MS);
  };
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' || event.type === 'removed') writeSoon();
  });
  // A phone may close the app at any moment after it is hidden; what is due is written now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) {
      window.clearTimeout(timer);
      timer = undefined;
      write(client);
    }
  });
}
