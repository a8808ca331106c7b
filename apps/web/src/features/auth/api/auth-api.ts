import type {
  AuthSession,
  CreateUserBody,
  LinkSsoAccountBody,
  LocalSignInBody,
  User,
} from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const signInLocal = (body: LocalSignInBody) =>
  apiClient.post<AuthSession>('/api/auth/session/local', body);
export const registerUser = (body: CreateUserBody) => apiClient.post<User>('/api/users', body);
export const requestPasswordReset = (email: string) =>
  apiClient.post<{ message: string }>('/api/users/reset-password', { email });

/** The server side of account linking arrives with the single sign-on issue. */
export const linkSsoAccount = (body: LinkSsoAccountBody) =>
  apiClient.post<unknown>('/api/auth/sso/link-account', body);
