import type { DiscoveredEndpoints, SsoDiscoveryBody } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/**
 * Reads a provider's endpoints for the provider form: a Keycloak realm's (host and realm) or any
 * issuer's. The server reads the discovery
 * document, so the page connects to nothing but its own origin (issue 26).
 */
export function useProviderDiscovery() {
  return useSingleFlightMutation({
    mutationFn: (body: SsoDiscoveryBody) =>
      apiClient.post<DiscoveredEndpoints>('/api/auth/sso/discovery', body),
  });
}
