import type { AuthSession, User } from '@toolpass/contracts';
import { apiClient } from '../lib/api-client.ts';

/** Every query about users starts with this key, so a permission change refreshes them all. */
export const currentUserQueryKey = ['users', 'me'] as const;

export const fetchCurrentUser = () => apiClient.get<User>('/api/users/me');
export const refreshSignIn = () => apiClient.get<AuthSession>('/api/auth/session/refresh');
export const endSignIn = () => apiClient.delete<{ message: string }>('/api/auth/session');
