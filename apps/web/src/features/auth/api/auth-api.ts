import type { AuthSession, CreateUserBody, LocalSignInBody, User } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const signInLocal = (body: LocalSignInBody) =>
  apiClient.post<AuthSession>('/api/auth/session/local', body);
export const registerUser = (body: CreateUserBody) => apiClient.post<User>('/api/users', body);
export const requestPasswordReset = (email: string) =>
  apiClient.post<{ message: string }>('/api/users/reset-password', { email });
