/**
 * Parameters the callback sets on the address it returns to; any the caller put there itself
 * are dropped, so a crafted redirectTo cannot smuggle in a sign-on code, an `auth` object (which
 * older versions answered) or a linking request.
 */
const RESERVED_PARAMS = [
  'auth',
  'ssoCode',
  'accountLinking',
  'email',
  'externalId',
  'ssoProviderId',
  'ssoProviderType',
  'ssoError',
];

/**
 * Where a sign-on may return: an address on PUBLIC_URL's origin (a path is read relative to
 * it), otherwise the app's root. The answer carries a session token, so it never leaves the app.
 */
export function safeReturnAddress(redirectTo: string | undefined, publicUrl: string): string {
  const root = new URL('/', publicUrl);
  if (!redirectTo) return root.toString();
  let target: URL;
  try {
    target = new URL(redirectTo, root);
  } catch {
    return root.toString();
  }
  if (target.origin !== root.origin) return root.toString();
  return target.toString();
}

/** The return address with the callback's parameters in place of any reserved ones. */
export function withReturnParams(address: string, params: Record<string, string>): string {
  const url = new URL(address);
  for (const name of RESERVED_PARAMS) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}
