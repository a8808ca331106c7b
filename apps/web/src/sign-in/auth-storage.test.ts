import { beforeEach, describe, expect, it } from 'vitest';
import { AUTH_STORAGE_KEY, clearStoredAuth, readStoredAuth, storeAuth } from './auth-storage.ts';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('auth storage', () => {
  it('stores the token in local storage under "auth"', () => {
    storeAuth({ authToken: 'abc' });
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? '')).toEqual({ authToken: 'abc' });
    expect(readStoredAuth()).toEqual({ authToken: 'abc' });
  });

  it('falls back to session storage', () => {
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ authToken: 'from-session' }));
    expect(readStoredAuth()).toEqual({ authToken: 'from-session' });
  });

  it('ignores damaged entries', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ authToken: 42 }));
    expect(readStoredAuth()).toBeUndefined();
  });

  it('clears both storages', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ authToken: 'a' }));
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ authToken: 'b' }));
    clearStoredAuth();
    expect(readStoredAuth()).toBeUndefined();
  });
});
