import { useSingleFlightMutation } from '../../../lib/use-single-flight-mutation.ts';
import {
  type DiscoveredEndpoints,
  endpointsOfDiscovery,
  keycloakDiscoveryUrl,
} from '../keycloak-discovery.ts';

/** Read from the browser, as the specification says (spec 02 §7); Keycloak answers with CORS. */
async function discover(input: { host: string; realm: string }): Promise<DiscoveredEndpoints> {
  const response = await fetch(keycloakDiscoveryUrl(input.host, input.realm), {
    headers: { accept: 'application/json' },
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const endpoints = endpointsOfDiscovery(await response.json());
  if (!endpoints) throw new Error('The discovery document does not name the endpoints');
  return endpoints;
}

/** Reads a Keycloak realm's endpoints for the provider form. */
export function useKeycloakDiscovery() {
  return useSingleFlightMutation({ mutationFn: discover });
}
