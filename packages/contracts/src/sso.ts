import { z } from 'zod';
import { IdSchema, userText, visibleName } from './common.ts';
import { NAME_MAX_LENGTH } from './limits.ts';
import { isAllowedProviderUrl, SSO_ERROR_CODES, SsoMessages } from './sso-messages.ts';

export const SsoProviderTypeSchema = z.enum(['OIDC']);
export type SsoProviderType = z.infer<typeof SsoProviderTypeSchema>;

/** A single sign-on provider as the sign-in screen lists it (spec 01 §3); no secrets. */
export const SsoProviderSummarySchema = z
  .object({ id: z.number().int(), name: z.string(), type: SsoProviderTypeSchema })
  .describe('A single sign-on provider offered on the sign-in screen');
export type SsoProviderSummary = z.infer<typeof SsoProviderSummarySchema>;

export const SsoErrorCodeSchema = z.enum(SSO_ERROR_CODES);
export type SsoErrorCode = z.infer<typeof SsoErrorCodeSchema>;

const ProviderUrlSchema = userText()
  .trim()
  .min(1, 'Required.')
  .max(2_000)
  .refine(isAllowedProviderUrl, { message: SsoMessages.insecureUrl });
const ClientIdSchema = userText().trim().min(1, 'Required.').max(1_000);
const ClientSecretSchema = userText()
  .min(1, 'Required.')
  .max(4_000)
  .describe('Write-only: stored encrypted under SECRET_KEY, never answered');
const ProviderNameSchema = visibleName().trim().min(1, 'Name is required.').max(NAME_MAX_LENGTH);

/** The OpenID Connect settings of a provider as answered: never the client secret. */
export const OidcConfigurationSchema = z.object({
  issuer: z.string(),
  authorizationURL: z.string(),
  tokenURL: z.string(),
  userInfoURL: z.string(),
  clientId: z.string(),
});

/** A provider as its administrators see it (spec 02 §3); the client secret is write-only. */
export const SsoProviderSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: SsoProviderTypeSchema,
    oidcConfiguration: OidcConfigurationSchema,
  })
  .describe('A single sign-on provider; the client secret is stored encrypted and never answered');
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

/** Every field is required (spec 02 §5). */
export const CreateSsoProviderBodySchema = z.object({
  name: ProviderNameSchema,
  type: SsoProviderTypeSchema,
  oidcConfiguration: z.object({
    issuer: ProviderUrlSchema,
    authorizationURL: ProviderUrlSchema,
    tokenURL: ProviderUrlSchema,
    userInfoURL: ProviderUrlSchema,
    clientId: ClientIdSchema,
    clientSecret: ClientSecretSchema,
  }),
});
export type CreateSsoProviderBody = z.infer<typeof CreateSsoProviderBodySchema>;

/** Absent fields keep their value; without `clientSecret` the stored secret is kept. */
export const UpdateSsoProviderBodySchema = z.object({
  name: ProviderNameSchema.optional(),
  type: SsoProviderTypeSchema.optional(),
  oidcConfiguration: z
    .object({
      issuer: ProviderUrlSchema.optional(),
      authorizationURL: ProviderUrlSchema.optional(),
      tokenURL: ProviderUrlSchema.optional(),
      userInfoURL: ProviderUrlSchema.optional(),
      clientId: ClientIdSchema.optional(),
      clientSecret: ClientSecretSchema.optional(),
    })
    .optional(),
});
export type UpdateSsoProviderBody = z.infer<typeof UpdateSsoProviderBodySchema>;

export const SsoProviderIdParamsSchema = z.object({ id: IdSchema });

export const SsoLoginQuerySchema = z.object({
  redirectTo: userText()
    .max(4_000)
    .optional()
    .describe(
      "Where to return; only addresses on PUBLIC_URL's origin are followed, others mean the app root",
    ),
});

/**
 * Links a single sign-on identity to the local account with that email (spec 01 §3, §7).
 * `externalId` is the value the callback put in the address: a short-lived handle of that
 * sign-on, not the provider's subject, so only the browser that signed on can link it.
 */
export const LinkSsoAccountBodySchema = z.object({
  email: userText().trim().min(1).max(254),
  externalId: userText().min(1).max(1_000),
  password: userText().min(1).max(1_024),
});
export type LinkSsoAccountBody = z.infer<typeof LinkSsoAccountBodySchema>;

/**
 * Exchanges the code a finished sign-on put in the app's address for the session (POST
 * /api/auth/sso/session); the answer is the auth object of a password sign-in.
 */
export const ExchangeSsoCodeBodySchema = z.object({
  code: userText().min(1).max(200).describe('The ssoCode parameter of the return address; single use, 60 s'),
});
export type ExchangeSsoCodeBody = z.infer<typeof ExchangeSsoCodeBodySchema>;

/**
 * Where every provider sends the browser back (PUBLIC_URL + this path), its redirect URI. One
 * address for all providers, so it can be registered before the provider is saved here.
 */
export const SSO_CALLBACK_PATH = '/api/auth/sso/OIDC/callback';

/** The redirect URI to register at a provider, as this server's callback uses it. */
export const SsoRedirectUriSchema = z
  .object({ redirectUri: z.string().describe('PUBLIC_URL followed by /api/auth/sso/OIDC/callback') })
  .describe('SSO redirect URI');
export type SsoRedirectUri = z.infer<typeof SsoRedirectUriSchema>;

/** An OpenID provider's discovery document, as the server reads it for the providers page. */
export const OidcDiscoveryDocumentSchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  userinfo_endpoint: z.string(),
});
export type OidcDiscoveryDocument = z.infer<typeof OidcDiscoveryDocumentSchema>;

/**
 * Where a Keycloak realm is (spec 02 §7): `{host}/realms/{realm}/.well-known/openid-configuration`.
 * A host without a scheme is read as https. The server reads the document, so the app's pages
 * need no connect-src beyond their own origin (issue 26).
 */
export const KeycloakDiscoveryBodySchema = z.object({
  host: userText().trim().min(1, 'Required.').max(2_000),
  realm: userText().trim().min(1, 'Required.').max(200),
});
export type KeycloakDiscoveryBody = z.infer<typeof KeycloakDiscoveryBodySchema>;

/**
 * Any OpenID provider by its issuer (Authentik, Entra ID, Google, Keycloak...): the server reads
 * `{issuer}/.well-known/openid-configuration`. An address that already ends in that path is read
 * as it is.
 */
export const IssuerDiscoveryBodySchema = z.object({
  issuer: userText().trim().min(1, 'Required.').max(2_000),
});
export type IssuerDiscoveryBody = z.infer<typeof IssuerDiscoveryBodySchema>;

/** POST /api/auth/sso/discovery: a Keycloak host and realm, or any issuer. */
export const SsoDiscoveryBodySchema = z.union([KeycloakDiscoveryBodySchema, IssuerDiscoveryBodySchema]);
export type SsoDiscoveryBody = z.infer<typeof SsoDiscoveryBodySchema>;

/** The endpoints a realm's discovery document names, as the provider form takes them. */
export const DiscoveredEndpointsSchema = z.object({
  issuer: z.string(),
  authorizationURL: z.string(),
  tokenURL: z.string(),
  userInfoURL: z.string(),
});
export type DiscoveredEndpoints = z.infer<typeof DiscoveredEndpointsSchema>;
