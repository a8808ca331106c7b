import type { DiscoveredEndpoints, KeycloakDiscoveryBody } from '@toolpass/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';

/**
 * Reads a Keycloak realm's endpoints for the provider form. The server reads the discovery
 * document, so the page connects to nothing but its own origin (issue 26).
 */
export function useKeycloakDiscovery() {
  return useSingleFlightMutation({
    mutationFn: (body: KeycloakDiscoveryBody) =>
      apiClient.post<DiscoveredEndpoints>('/api/auth/sso/discovery', body),
  });
}
