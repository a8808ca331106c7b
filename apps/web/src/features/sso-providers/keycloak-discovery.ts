/** The endpoints a realm's discovery document names, as the provider form takes them. */
export type DiscoveredEndpoints = {
  issuer: string;
  authorizationURL: string;
  tokenURL: string;
  userInfoURL: string;
};

/**
 * Where a Keycloak realm publishes its OpenID configuration (spec 02 §7). A host without a scheme
 * is read as https; trailing slashes are dropped.
 */
export function keycloakDiscoveryUrl(host: string, realm: string): string {
  const trimmed = host.trim().replace(/\/+$/, '');
  const base = /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  return `${base}/realms/${encodeURIComponent(realm.trim())}/.well-known/openid-configuration`;
}

/** The four endpoints of a discovery document, or undefined when one is missing. */
export function endpointsOfDiscovery(document: unknown): DiscoveredEndpoints | undefined {
  if (typeof document !== 'object' || document === null) return undefined;
  const fields = document as Record<string, unknown>;
  const { issuer, authorization_endpoint, token_endpoint, userinfo_endpoint } = fields;
  if (
    typeof issuer !== 'string' ||
    typeof authorization_endpoint !== 'string' ||
    typeof token_endpoint !== 'string' ||
    typeof userinfo_endpoint !== 'string'
  ) {
    return undefined;
  }
  return {
    issuer,
    authorizationURL: authorization_endpoint,
    tokenURL: token_endpoint,
    userInfoURL: userinfo_endpoint,
  };
}
