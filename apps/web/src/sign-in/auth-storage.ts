import type { AuthSession } from '@toolpass/contracts';
import { forgetPersistedQueryCache } from '../pwa/query-cache-storage.ts';

/** Storage key of the persisted auth object (spec 01 §9). */
export const AUTH_STORAGE_KEY = 'auth';

export type StoredAuth = Pick<AuthSession, 'authToken'>;

/** An auth object from storage or from the single sign-on return (spec 01 §2); undefined when damaged. */
export function parseAuth(raw: string | null): StoredAuth | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && 'authToken' in value) {
      const { authToken } = value;
      if (typeof authToken === 'string' && authToken !== '') return { authToken };
    }
  } catch {
    // A damaged entry is treated as no sign-in.
  }
  return undefined;
}

/** The persisted auth from local storage, or from session storage (spec 01 §4). */
export function readStoredAuth(): StoredAuth | undefined {
  return (
    parseAuth(localStorage.getItem(AUTH_STORAGE_KEY)) ?? parseAuth(sessionStorage.getItem(AUTH_STORAGE_KEY))
  );
}

export function storeAuth(auth: StoredAuth): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ authToken: auth.authToken }));
}

export function clearStoredAuth(): void {
  localStorage.removeItem(AUTH_STORAGE_KEY);
  sessionStorage.removeItem(AUTH_STORAGE_KEY);
  // The answers kept for an offline start belonged to this session.
  forgetPersistedQueryCache();
}
