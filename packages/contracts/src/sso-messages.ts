/**
 * Single sign-on texts and constants without the schema library, so the sign-in screen can read
 * them without loading it (issue 13).
 */

/**
 * Server messages of single sign-on (spec 02 §8). The not-found text is the specification's; the
 * others name what it leaves open.
 */
export const SsoMessages = {
  providerNotFound: 'Provider not found',
  insecureUrl: 'Must be an https address; plain http is allowed only on localhost.',
  linkExpired:
    'The single sign-on to link has expired or was already linked. Please sign in with the provider again.',
  alreadyLinked:
    'This sign-on is already linked to an account, or this account to another identity of the provider.',
  discoveryFailed: 'Failed to discover configuration',
  signOnCodeExpired:
    'The single sign-on has expired or was already used. Please sign in with the provider again.',
  /** The client secret goes only to the addresses it was given for (issue 26). */
  clientSecretForNewAddress: 'The addresses changed: enter the client secret again.',
} as const;

/**
 * Why a single sign-on ended on the sign-in screen instead of signing in: the value of the
 * `ssoError` query parameter the callback adds, translated by the web app.
 * - invalid-state: started elsewhere, took too long, or its state does not match
 * - sign-in-failed: the provider refused, or its answer failed a check (code, ID token, userinfo)
 * - access-denied: the person cancelled at the provider
 * - email-missing: the provider shared no email address, which every account needs
 * - email-in-use: the email's account is linked to another identity of this provider
 * - provider-unavailable: the provider was deleted or cannot be reached
 */
export const SSO_ERROR_CODES = [
  'invalid-state',
  'sign-in-failed',
  'access-denied',
  'email-missing',
  'email-in-use',
  'provider-unavailable',
] as const;
export const SSO_ERROR_PARAM = 'ssoError';
/**
 * The parameter a finished sign-on returns to the app with: a single-use code, good for 60
 * seconds, that the app exchanges by POST for the session (never the session token itself).
 */
export const SSO_CODE_PARAM = 'ssoCode';

/** Localhost may serve plain http (development, tests); every other address must be https. */
export function isAllowedProviderUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}
