/** The parameter the callback names a failed sign-on's reason in (contracts' SSO_ERROR_PARAM). */
const SSO_ERROR_PARAM = 'ssoError';
/** The parameter of a signed-in return's single-use code (contracts' SSO_CODE_PARAM). */
const SSO_CODE_PARAM = 'ssoCode';
/**
 * Older servers answered the sign-in itself in `auth`. It is taken out of the address and never
 * used: a link with someone's `auth` would sign the visitor in to that account.
 */
const LEGACY_AUTH_PARAM = 'auth';

/** What the single sign-on callback asks for when an account with the same email already exists. */
export type AccountLinking = {
  email: string | undefined;
  externalId: string | undefined;
  /** Both undefined when missing or not shaped like a provider; then no new sign-on can start. */
  provider: { type: string; id: string } | undefined;
};

export type SsoReturn = {
  /** The single-use code to exchange for the sign-in (POST /api/auth/sso/session). */
  code: string | undefined;
  accountLinking: AccountLinking | undefined;
  /**
   * The reason code when the callback came back with `ssoError` (contracts' SSO_ERROR_CODES; an
   * unknown one is worded generally).
   */
  failure: string | undefined;
  /** The query string without the parameters read here, so a reload does not repeat them. */
  remaining: URLSearchParams;
};

const LINKING_PARAMS = ['accountLinking', 'email', 'externalId', 'ssoProviderId', 'ssoProviderType'];
// The provider ends up in a path; anything else than a plain id and type name must not build one.
const PROVIDER_ID = /^\d+$/;
const PROVIDER_TYPE = /^[A-Za-z][\w-]*$/;

const nonEmpty = (value: string | null) => (value ? value : undefined);

/** Reads the query string the single sign-on callback returns to (spec 01 §2). */
export function readSsoReturn(search: URLSearchParams): SsoReturn {
  const remaining = new URLSearchParams(search);
  const code = nonEmpty(search.get(SSO_CODE_PARAM));
  remaining.delete(SSO_CODE_PARAM);
  remaining.delete(LEGACY_AUTH_PARAM);

  let accountLinking: AccountLinking | undefined;
  if (search.get('accountLinking') === 'required') {
    const type = search.get('ssoProviderType') ?? '';
    const id = search.get('ssoProviderId') ?? '';
    accountLinking = {
      email: nonEmpty(search.get('email')),
      externalId: nonEmpty(search.get('externalId')),
      provider: PROVIDER_TYPE.test(type) && PROVIDER_ID.test(id) ? { type, id } : undefined,
    };
    for (const name of LINKING_PARAMS) remaining.delete(name);
  }

  const failure = search.get(SSO_ERROR_PARAM) ?? undefined;
  remaining.delete(SSO_ERROR_PARAM);
  return { code, accountLinking, failure, remaining };
}

/** Submitting the password needs both (spec 01 §2). */
export function canSubmitAccountLinking(
  linking: AccountLinking,
): linking is AccountLinking & { email: string; externalId: string } {
  return linking.email !== undefined && linking.externalId !== undefined;
}
