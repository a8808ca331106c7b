import type { UpdateUserPreferencesBody, UserPreferences } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** Under the current user's key, so signing in as someone else never shows the last one's. */
export const preferencesQueryKey = ['users', 'me', 'preferences'] as const;

export const fetchPreferences = () => apiClient.get<UserPreferences>('/api/users/me/preferences');
/** Only the settings given change on the server; the answer holds all of them. */
export const savePreferences = (changes: UpdateUserPreferencesBody) =>
  apiClient.put<UserPreferences>('/api/users/me/preferences', changes);
