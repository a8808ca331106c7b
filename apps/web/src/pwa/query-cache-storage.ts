/** Where the last answers of the signed-in member are kept for an offline start (spec 01 §1). */
export const QUERY_CACHE_STORAGE_KEY = 'toolpass-query-cache';

/** Forgets them: on sign-out and when the server ends the sign-in, nothing of it may stay. */
export function forgetPersistedQueryCache(): void {
  try {
    localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
  } catch {
    // Storage that cannot be reached holds nothing to forget.
  }
}
