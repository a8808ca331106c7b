import { useQuery } from '@tanstack/react-query';
import type { SsoProviderSummary } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';

/** The providers offered on the sign-in screen (public; id, name and type only). */
export async function fetchSsoProviders(): Promise<SsoProviderSummary[]> {
  return apiClient.get<SsoProviderSummary[]>('/api/auth/sso/providers');
}

/** The sign-in screen's provider buttons; none while loading or when the list cannot be read. */
export function useSsoProviders() {
  return useQuery({ queryKey: ['auth', 'sso-providers'], queryFn: fetchSsoProviders, staleTime: 5 * 60_000 });
}
