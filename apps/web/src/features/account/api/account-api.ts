import { apiClient } from '../../../lib/api-client.ts';

type Confirmation = { message: string };

export const verifyEmail = (body: { token: string; email: string }) =>
  apiClient.post<Confirmation>('/api/users/verify-email', body);

export const changePasswordWithToken = (userId: number, body: { token: string; password: string }) =>
  apiClient.post<Confirmation>(`/api/users/${userId}/change-password`, body);

export const requestEmailChange = (newEmail: string) =>
  apiClient.post<Confirmation>('/api/users/me/request-email-change', { newEmail });

export const confirmEmailChange = (body: { token: string; newEmail: string }) =>
  apiClient.post<Confirmation>('/api/users/confirm-email-change', body);

export const undoEmailChange = (body: { token: string; email: string }) =>
  apiClient.post<Confirmation>('/api/users/undo-email-change', body);
