import {
  type DiscoveredEndpoints,
  isAllowedProviderUrl,
  OidcDiscoveryDocumentSchema,
  type SsoDiscoveryBody,
  SsoMessages,
} from '@toolpass/contracts';
import { badRequest } from '../../platform/http/errors.ts';
import type { GuardedFetch } from '../../platform/net/guarded-fetch.ts';
import { refuseUnlessAllowed } from '../../platform/net/host-check.ts';
import type { OutboundPolicy } from '../../platform/net/outbound-policy.ts';

/** A discovery document is a few KiB; more is not one. */
const MAX_DOCUMENT_BYTES = 64 * 1024;
const DISCOVERY_TIMEOUT_MS = 5_000;
const WELL_KNOWN = '/.well-known/openid-configuration';

/** Undefined for what is not an address, or brings a query, a fragment or credentials of its own. */
function plainAddress(base: string): string | undefined {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return undefined;
  }
  if (url.search || url.hash || url.username || url.password || base.includes('?') || base.includes('#')) {
    return undefined;
  }
  return base;
}

/** A host or issuer as typed: trimmed, trailing slashes dropped, https when it names no scheme. */
const withScheme = (typed: string) => {
  const trimmed = typed.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
};

/**
 * Where a Keycloak realm publishes its OpenID configuration (spec 02 §7). A host without a scheme
 * is read as https; trailing slashes are dropped; a path is kept (Keycloak before version 17
 * served realms under `/auth`). Undefined for a host that is not an address, or that brings a
 * query, a fragment or credentials of its own.
 */
export function keycloakDiscoveryUrl(host: string, realm: string): string | undefined {
  const base = plainAddress(withScheme(host));
  return base === undefined ? undefined : `${base}/realms/${encodeURIComponent(realm.trim())}${WELL_KNOWN}`;
}

/**
 * Where any issuer publishes its OpenID configuration (OpenID Connect Discovery 1.0 §4: the
 * issuer followed by /.well-known/openid-configuration). An address that already ends in that
 * path, as providers' consoles often show it (Entra ID, Google), is read as it is.
 */
export function issuerDiscoveryUrl(issuer: string): string | undefined {
  const base = plainAddress(withScheme(issuer));
  if (base === undefined) return undefined;
  return base.endsWith(WELL_KNOWN) ? base : `${base}${WELL_KNOWN}`;
}

/** The discovery address a request names: a Keycloak realm's or an issuer's. */
export function discoveryUrlOf(body: SsoDiscoveryBody): string | undefined {
  return 'issuer' in body ? issuerDiscoveryUrl(body.issuer) : keycloakDiscoveryUrl(body.host, body.realm);
}

/** The four endpoints of a discovery document, or undefined when one is missing. */
export function endpointsOfDiscovery(document: unknown): DiscoveredEndpoints | undefined {
  const parsed = OidcDiscoveryDocumentSchema.safeParse(document);
  if (!parsed.success) return undefined;
  return {
    issuer: parsed.data.issuer,
    authorizationURL: parsed.data.authorization_endpoint,
    tokenURL: parsed.data.token_endpoint,
    userInfoURL: parsed.data.userinfo_endpoint,
  };
}

/** The body, or undefined when it is longer than a discovery document can be. */
async function readCapped(response: Response): Promise<string | undefined> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.byteLength;
    if (size > MAX_DOCUMENT_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads a provider's endpoints for the providers page: a Keycloak realm's or any issuer's. The server reads them, not the
 * browser (issue 26): the page's CSP then allows no connections beyond the app's origin. The
 * addresses allowed are those a provider may have (https, plain http on this machine only) that
 * ALLOWED_INTEGRATION_HOSTS lets through, when asked and again at the connection (the guarded
 * fetch, decision 17); no redirect is followed, and every other failure gets the same answer, so
 * the call tells nothing about what answers where beyond "not a provider".
 */
export async function discoverProvider(
  body: SsoDiscoveryBody,
  outbound: { policy: OutboundPolicy; fetch: GuardedFetch },
): Promise<DiscoveredEndpoints> {
  const url = discoveryUrlOf(body);
  if (!url || !isAllowedProviderUrl(url)) throw badRequest(SsoMessages.insecureUrl);
  await refuseUnlessAllowed(outbound.policy.checkUrl(url), 'host');
  let endpoints: DiscoveredEndpoints | undefined;
  try {
    const response = await outbound.fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS),
    });
    const text = response.ok ? await readCapped(response) : undefined;
    endpoints = text === undefined ? undefined : endpointsOfDiscovery(JSON.parse(text));
  } catch {
    endpoints = undefined;
  }
  if (!endpoints) throw badRequest(SsoMessages.discoveryFailed);
  return endpoints;
}
