import type * as OpenIdClient from 'openid-client';
import { lazyModule } from '../../platform/lazy-module.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { GuardedFetch } from '../../platform/net/guarded-fetch.ts';

/** openid-client (and jose) load with the first SSO sign-in, not with the server. */
const openIdClient = lazyModule<typeof OpenIdClient>('openid-client');

/** A provider's settings with the client secret opened, as the relying party needs them. */
export type OidcProviderSettings = {
  id: number;
  issuer: string;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** Changes of the provider replace its cached configuration. */
  updatedAt: Date;
};

/** Who the provider says signed in, after every check of its answer passed. */
export type OidcIdentity = {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  preferredUsername: string | undefined;
  name: string | undefined;
};

/** Why a sign-on failed, as the callback tells the person. */
export class OidcSignInError extends Error {
  readonly reason: 'invalid-state' | 'access-denied' | 'sign-in-failed' | 'provider-unavailable';
  constructor(reason: OidcSignInError['reason'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OidcSignInError';
    this.reason = reason;
  }
}

const DISCOVERY_CACHE_MS = 10 * 60 * 1000;
/** A provider whose discovery failed is asked again sooner: it may have been down for a moment. */
const FALLBACK_CACHE_MS = 60 * 1000;
const REQUEST_TIMEOUT_SECONDS = 10;

const isHttp = (address: string) => new URL(address).protocol === 'http:';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The OpenID Connect relying party, built on openid-client (certified): authorization code flow
 * with PKCE (S256), state and nonce; the ID token's issuer, audience, nonce and expiry are checked
 * by the library. Discovery from the issuer is used where it answers; otherwise the URLs stored
 * with the provider.
 */
export function createOidcRelyingParty(deps: {
  logger: Logger;
  now: () => number;
  /** Every request to the provider goes through ALLOWED_INTEGRATION_HOSTS (decision 17). */
  fetch: GuardedFetch;
}) {
  const configurations = new Map<
    number,
    { updatedAt: number; expiresAt: number; config: OpenIdClient.Configuration }
  >();

  async function configurationOf(provider: OidcProviderSettings): Promise<OpenIdClient.Configuration> {
    const cached = configurations.get(provider.id);
    if (cached && cached.updatedAt === provider.updatedAt.getTime() && cached.expiresAt > deps.now()) {
      return cached.config;
    }
    const client = openIdClient();
    // Plain http passes the provider's validation only on localhost (development and tests).
    const insecure = [
      provider.issuer,
      provider.authorizationUrl,
      provider.tokenUrl,
      provider.userInfoUrl,
    ].some(isHttp);
    const execute = insecure ? [client.allowInsecureRequests] : [];
    // Basic is the method every OAuth server must accept (RFC 6749 §2.3.1).
    const clientAuth = client.ClientSecretBasic(provider.clientSecret);
    let config: OpenIdClient.Configuration;
    let lifetime = DISCOVERY_CACHE_MS;
    try {
      config = await client.discovery(new URL(provider.issuer), provider.clientId, undefined, clientAuth, {
        execute,
        timeout: REQUEST_TIMEOUT_SECONDS,
        [client.customFetch]: deps.fetch,
      });
    } catch (error) {
      deps.logger.warn(
        { providerId: provider.id, reason: error instanceof Error ? error.message : String(error) },
        'OpenID Connect discovery failed; using the stored endpoints of the provider',
      );
      config = new client.Configuration(
        {
          issuer: provider.issuer,
          authorization_endpoint: provider.authorizationUrl,
          token_endpoint: provider.tokenUrl,
          userinfo_endpoint: provider.userInfoUrl,
        },
        provider.clientId,
        undefined,
        clientAuth,
      );
      config.timeout = REQUEST_TIMEOUT_SECONDS;
      config[client.customFetch] = deps.fetch;
      for (const run of execute) run(config);
      lifetime = FALLBACK_CACHE_MS;
    }
    configurations.set(provider.id, {
      updatedAt: provider.updatedAt.getTime(),
      expiresAt: deps.now() + lifetime,
      config,
    });
    return config;
  }

  return {
    /** Fresh single-use values of one sign-on. */
    newTransactionValues() {
      const client = openIdClient();
      return {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
    },

    /** The provider's authorization address for this sign-on. */
    async authorizationUrl(
      provider: OidcProviderSettings,
      request: { redirectUri: string; state: string; nonce: string; codeVerifier: string },
    ): Promise<URL> {
      const config = await configurationOf(provider);
      const client = openIdClient();
      return client.buildAuthorizationUrl(config, {
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      });
    },

    /**
     * Checks the provider's answer at the callback, exchanges the code with the verifier, checks
     * the ID token and reads userinfo for the same subject.
     */
    async finishSignIn(
      provider: OidcProviderSettings,
      callbackUrl: URL,
      expected: { state: string; nonce: string; codeVerifier: string },
    ): Promise<OidcIdentity> {
      const client = openIdClient();
      let config: OpenIdClient.Configuration;
      try {
        config = await configurationOf(provider);
      } catch (error) {
        throw new OidcSignInError('provider-unavailable', 'The provider cannot be reached', { cause: error });
      }
      let tokens: Awaited<ReturnType<typeof OpenIdClient.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied') {
          throw new OidcSignInError('access-denied', 'The sign-on was cancelled at the provider', {
            cause: error,
          });
        }
        throw new OidcSignInError('sign-in-failed', 'The answer of the provider failed a check', {
          cause: error,
        });
      }
      const claims = tokens.claims();
      if (!claims) throw new OidcSignInError('sign-in-failed', 'The provider sent no ID token');
      let userInfo: OpenIdClient.UserInfoResponse;
      try {
        userInfo = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      } catch (error) {
        throw new OidcSignInError('sign-in-failed', 'The userinfo of the provider failed a check', {
          cause: error,
        });
      }
      const emailVerified = userInfo.email_verified ?? claims.email_verified;
      return {
        subject: claims.sub,
        email: text(userInfo.email) ?? text(claims.email),
        emailVerified: emailVerified === true || emailVerified === 'true',
        preferredUsername: text(userInfo.preferred_username) ?? text(claims.preferred_username),
        name: text(userInfo.name) ?? text(claims.name),
      };
    },

    /** Forgets a provider's configuration (changed or deleted). */
    forget(providerId: number): void {
      configurations.delete(providerId);
    },
  };
}

export type OidcRelyingParty = ReturnType<typeof createOidcRelyingParty>;
