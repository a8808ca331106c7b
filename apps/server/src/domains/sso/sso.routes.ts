import {
  AuthSessionSchema,
  CreateSsoProviderBodySchema,
  DiscoveredEndpointsSchema,
  ExchangeSsoCodeBodySchema,
  LinkSsoAccountBodySchema,
  OkSchema,
  SSO_CALLBACK_PATH,
  SSO_CODE_PARAM,
  SSO_ERROR_PARAM,
  SsoDiscoveryBodySchema,
  SsoLoginQuerySchema,
  SsoProviderIdParamsSchema,
  SsoProviderSchema,
  SsoProviderSummarySchema,
  SsoRedirectUriSchema,
  UpdateSsoProviderBodySchema,
} from '@toolpass/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manageSystemConfiguration } from '../../platform/http/route-guards.ts';
import { routeOptions } from '../../platform/http/route-options.ts';
import { presentUser } from '../users/present-user.ts';
import type { SsoService } from './sso.service.ts';
import { withReturnParams } from './sso-return-address.ts';
import type { SignOnOutcome } from './sso-sign-on.ts';
import { SIGN_ON_CODE_LIFETIME_MS } from './sso-sign-on-codes.ts';
import type { SsoTransactionCookie } from './sso-transaction-cookie.ts';

const route = routeOptions({ tag: 'Single sign-on', guard: manageSystemConfiguration });

/** The callback's query as the provider sends it; openid-client reads and checks it. */
const CallbackQuerySchema = z
  .object({
    code: z.string().optional(),
    state: z.string().optional(),
    iss: z.string().optional(),
    'session-state': z.string().optional(),
    error: z.string().optional(),
  })
  .catchall(z.unknown());

/** The address of a sign-on's outcome, with what the web app reads from it (spec 01 §2). */
function outcomeAddress(outcome: SignOnOutcome, providerId: number): string {
  switch (outcome.kind) {
    case 'signed-in':
      // A single-use code, never the session token: the app exchanges it by POST (decision 14).
      return withReturnParams(outcome.returnTo, { [SSO_CODE_PARAM]: outcome.code });
    case 'link-required':
      return withReturnParams(outcome.returnTo, {
        accountLinking: 'required',
        email: outcome.email,
        externalId: outcome.linkToken,
        ssoProviderId: String(providerId),
        ssoProviderType: 'OIDC',
      });
    case 'failed':
      return withReturnParams(outcome.returnTo, { [SSO_ERROR_PARAM]: outcome.code });
  }
}

/**
 * Redirects of the sign-on carry a sign-on code or a link handle in the address: the next page
 * must not pass it on as a referrer, and no cache may keep it.
 */
function redirect(reply: FastifyReply, location: string) {
  return reply
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store')
    .redirect(location, 302);
}

/** Single sign-on (spec 01 §2, §7; spec 02 §2, §7): providers, sign-on and account linking. */
export function ssoRoutes(deps: { sso: SsoService; cookie: SsoTransactionCookie }): FastifyPluginAsyncZod {
  // The transaction cookie goes to both callback addresses (the shared one, and the one with a
  // provider id of spec 01 §7) and to nothing outside the sign-on's paths.
  const cookiePath = SSO_CALLBACK_PATH.slice(0, SSO_CALLBACK_PATH.lastIndexOf('/'));

  /** Ends a sign-on at either callback address: the cookie's transaction names the provider. */
  async function finish(
    request: { url: string; headers: { cookie?: string | undefined } },
    reply: FastifyReply,
    providerIdOfAddress?: number,
  ) {
    const transaction = deps.cookie.open(deps.cookie.read(request.headers.cookie));
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const outcome = await deps.sso.finishSignOn(query, transaction, providerIdOfAddress);
    // The transaction is spent either way; a second use of it must start over. A code goes
    // with the cookie that lets only this browser exchange it.
    reply.header('set-cookie', [
      deps.cookie.clearHeader(cookiePath),
      ...(outcome.kind === 'signed-in'
        ? [deps.cookie.browserHeader(outcome.browser, SIGN_ON_CODE_LIFETIME_MS)]
        : []),
    ]);
    return redirect(reply, outcomeAddress(outcome, transaction?.providerId ?? providerIdOfAddress ?? 0));
  }

  return async (app) => {
    app.get(
      '/api/auth/sso/redirect-uri',
      route.guarded({
        summary:
          'The redirect URI to register at a provider before adding it here: PUBLIC_URL followed by ' +
          `${SSO_CALLBACK_PATH}, the same for every provider`,
        response: { 200: SsoRedirectUriSchema },
      }),
      async () => ({ redirectUri: deps.sso.redirectUri }),
    );

    app.get(
      '/api/auth/sso/providers',
      route.open({
        summary: 'The providers offered on the sign-in screen; public, without settings',
        response: { 200: z.array(SsoProviderSummarySchema) },
      }),
      async () => deps.sso.listSummaries(),
    );

    app.post(
      '/api/auth/sso/providers',
      route.guarded({
        summary: 'Add a provider; the client secret is stored encrypted and never answered',
        body: CreateSsoProviderBodySchema,
        response: { 201: SsoProviderSchema },
      }),
      async (request, reply) => reply.status(201).send(await deps.sso.create(request.body)),
    );

    app.post(
      '/api/auth/sso/discovery',
      route.guarded({
        summary:
          "Read a provider's endpoints from {issuer}/.well-known/openid-configuration (body issuer), or a " +
          "Keycloak realm's from {host}/realms/{realm}/.well-known/openid-configuration (body host and realm); " +
          'https, plain http only on this machine; 400 "Failed to discover configuration" when it does not answer one',
        body: SsoDiscoveryBodySchema,
        response: { 200: DiscoveredEndpointsSchema },
      }),
      async (request) => deps.sso.discoverProvider(request.body),
    );

    app.get(
      '/api/auth/sso/providers/:id',
      route.guarded({
        summary: 'One provider with its settings, without the client secret',
        params: SsoProviderIdParamsSchema,
        response: { 200: SsoProviderSchema },
      }),
      async (request) => deps.sso.get(request.params.id),
    );

    app.put(
      '/api/auth/sso/providers/:id',
      route.guarded({
        summary: 'Change a provider; absent fields keep their value, and without clientSecret the stored one',
        params: SsoProviderIdParamsSchema,
        body: UpdateSsoProviderBodySchema,
        response: { 200: SsoProviderSchema },
      }),
      async (request) => deps.sso.update(request.params.id, request.body),
    );

    app.delete(
      '/api/auth/sso/providers/:id',
      route.guarded({
        summary: 'Delete a provider and its links to accounts; the accounts stay',
        params: SsoProviderIdParamsSchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.sso.delete(request.params.id);
        return { message: 'Provider deleted' };
      },
    );

    app.get(
      '/api/auth/sso/OIDC/:id/login',
      route.open({
        summary:
          'Start a sign-on: 302 to the provider (authorization code flow with PKCE, state and nonce). ' +
          "redirectTo must be on PUBLIC_URL's origin, otherwise the app root is used.",
        params: SsoProviderIdParamsSchema,
        querystring: SsoLoginQuerySchema,
      }),
      async (request, reply) => {
        const { location, transaction } = await deps.sso.startSignOn(
          request.params.id,
          request.query.redirectTo,
        );
        reply.header('set-cookie', deps.cookie.setHeader(deps.cookie.seal(transaction), cookiePath));
        return redirect(reply, location);
      },
    );

    const callbackSummary =
      'The return from the provider: 302 to redirectTo with ssoCode (signed in; exchange it at ' +
      'POST /api/auth/sso/session) or an account linking request, or with ssoError when it failed';

    app.get(
      SSO_CALLBACK_PATH,
      route.open({
        summary: `${callbackSummary}. The redirect URI of every provider; the sign-on's cookie names the provider`,
        querystring: CallbackQuerySchema,
      }),
      (request, reply) => finish(request, reply),
    );

    app.get(
      '/api/auth/sso/OIDC/:id/callback',
      route.open({
        summary: `${callbackSummary}. The same as ${SSO_CALLBACK_PATH} for a sign-on of this provider`,
        params: SsoProviderIdParamsSchema,
        querystring: CallbackQuerySchema,
      }),
      (request, reply) => finish(request, reply, request.params.id),
    );

    app.post(
      '/api/auth/sso/session',
      route.open({
        summary:
          'Exchange the ssoCode of a finished sign-on for the session, as password sign-in answers it. ' +
          'A code is good once, for 60 seconds, and only with the cookie the callback set in the same ' +
          'browser; a used, late, unknown or foreign one gets 400.',
        body: ExchangeSsoCodeBodySchema,
        response: { 200: AuthSessionSchema },
      }),
      async (request, reply) => {
        const session = await deps.sso.exchangeCode(
          request.body.code,
          deps.cookie.readBrowser(request.headers.cookie),
        );
        reply.header('cache-control', 'no-store').header('set-cookie', deps.cookie.clearBrowserHeader());
        return { authToken: session.authToken, user: presentUser(session.user, session.user) };
      },
    );

    app.post(
      '/api/auth/sso/link-account',
      route.open({
        summary:
          'Link the identity of a sign-on to the account with this email, proven by its password; ' +
          'externalId is the value the callback returned. Limited like password sign-in.',
        body: LinkSsoAccountBodySchema,
        response: { 200: OkSchema },
      }),
      async (request) => {
        await deps.sso.link(request.body, request.ip);
        return { message: 'Account linked' };
      },
    );
  };
}
