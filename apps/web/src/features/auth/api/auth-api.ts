import type {
  AuthSession,
  CreateUserBody,
  LinkSsoAccountBody,
  LocalSignInBody,
  ResendVerificationBody,
  ResendVerificationResult,
  User,
} from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

export const signInLocal = (body: LocalSignInBody) =>
  apiClient.post<AuthSession>('/api/auth/session/local', body);
export const resendVerification = (body: ResendVerificationBody) =>
  apiClient.post<ResendVerificationResult>('/api/auth/resend-verification', body);
export const registerUser = (body: CreateUserBody) => apiClient.post<User>('/api/users', body);
export const requestPasswordReset = (email: string) =>
  apiClient.post<{ message: string }>('/api/users/reset-password', { email });

/** The sign-in for the single-use code a finished single sign-on returned with (decision 14). */
export const exchangeSsoCode = (code: string) =>
  apiClient.post<AuthSession>('/api/auth/sso/session', { code });

export const linkSsoAccount = (body: LinkSsoAccountBody) =>
  apiClient.post<unknown>('/api/auth/sso/link-account', body);
