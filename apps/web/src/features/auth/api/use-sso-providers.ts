import { useQuery } from '@tanstack/react-query';
import type { AuthSetup, SsoProviderSummary } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** The providers offered on the sign-in screen (public; id, name and type only). */
export async function fetchSsoProviders(): Promise<SsoProviderSummary[]> {
  return apiClient.get<SsoProviderSummary[]>('/api/auth/sso/providers');
}

/**
 * What the sign-in screen asks the server: the provider buttons, and whether the next account is
 * the first (which becomes administrator). One query, since the screen's download is at its
 * budget (decision 4); nothing while loading or when either cannot be read.
 */
export function useSignInScreenFacts() {
  return useQuery({
    queryKey: ['auth', 'sign-in-screen'],
    queryFn: () => Promise.all([fetchSsoProviders(), apiClient.get<AuthSetup>('/api/auth/setup')]),
    staleTime: 5 * 60_000,
  });
}
