import { createOidcRelyingParty } from '../domains/sso/oidc-relying-party.ts';
import { createSsoRepository } from '../domains/sso/sso.repository.ts';
import { createSsoService } from '../domains/sso/sso.service.ts';
import { createSsoTransactionCookie } from '../domains/sso/sso-transaction-cookie.ts';
import type { SecretBox } from '../platform/crypto/secret-box.ts';
import { createGuardedFetch } from '../platform/net/guarded-fetch.ts';
import type { AppDeps } from './app-deps.ts';

type SsoDeps = Parameters<typeof createSsoService>[0];

/**
 * Single sign-on wired: the service, whose provider calls pass the outbound gate, and the cookie
 * that carries a sign-on's state through the provider. Apart so the composition root stays short.
 */
export function createSso(
  deps: AppDeps,
  shared: Pick<SsoDeps, 'db' | 'clock' | 'outbound' | 'audit' | 'users' | 'auth'> & {
    secretBox: (purpose: string) => SecretBox;
    secretKey: Parameters<typeof createSsoTransactionCookie>[0]['secretKey'];
  },
) {
  const { clock } = shared;
  const providerFetch = createGuardedFetch(shared.outbound);
  const sso = createSsoService({
    db: shared.db,
    repo: createSsoRepository(),
    clock,
    secrets: shared.secretBox('sso-client-secret'),
    relyingParty: createOidcRelyingParty({
      logger: deps.logger,
      now: () => clock.now().getTime(),
      fetch: providerFetch,
    }),
    outbound: shared.outbound,
    providerFetch,
    audit: shared.audit,
    users: shared.users,
    auth: shared.auth,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
  });
  const ssoTransactions = createSsoTransactionCookie({
    secretKey: shared.secretKey,
    secure: deps.config.publicUrl.startsWith('https://'),
    now: () => clock.now().getTime(),
  });
  return { sso, ssoTransactions };
}
