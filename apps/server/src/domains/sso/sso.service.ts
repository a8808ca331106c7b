import { createSsoProviders } from './sso-providers.ts';
import { createSsoSignOn } from './sso-sign-on.ts';

/**
 * Single sign-on with OpenID Connect (issue 17): the providers an administrator keeps
 * (sso-providers.ts), and the sign-on with the linking of an identity to an existing account
 * (sso-sign-on.ts). Client secrets are sealed before they are written and opened only to talk
 * to the provider.
 */
export function createSsoService(
  deps: Parameters<typeof createSsoProviders>[0] & Parameters<typeof createSsoSignOn>[0],
) {
  return { ...createSsoProviders(deps), ...createSsoSignOn(deps) };
}

export type SsoService = ReturnType<typeof createSsoService>;
