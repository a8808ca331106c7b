import { useQuery } from '@tanstack/react-query';
import type { SsoProviderSummary } from '@toolpass/contracts';
import { ApiError, apiClient } from '../../../lib/api-client.ts';

/** The providers offered on the sign-in screen; a server without SSO answers 404, which means none. */
export async function fetchSsoProviders(): Promise<SsoProviderSummary[]> {
  try {
    return await apiClient.get<SsoProviderSummary[]>('/api/auth/sso/providers');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/**
 * Ready for `GET /api/auth/sso/providers`. Not mounted yet: the server has no SSO routes, and the
 * app does not call endpoints that do not exist, so the sign-in screen renders from an empty list.
 */
export function useSsoProviders() {
  return useQuery({ queryKey: ['auth', 'sso-providers'], queryFn: fetchSsoProviders, staleTime: 5 * 60_000 });
}
