import {
  EmailSchema,
  type LinkSsoAccountBody,
  SSO_CALLBACK_PATH,
  type SsoErrorCode,
  SsoMessages,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { SecretBox } from '../../platform/crypto/secret-box.ts';
import { hashToken, newToken } from '../../platform/crypto/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { lookupKey, type UserAccount } from '../../platform/identity/user-account.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import {
  type OidcIdentity,
  type OidcProviderSettings,
  type OidcRelyingParty,
  OidcSignInError,
} from './oidc-relying-party.ts';
import type { SsoProviderRecord, SsoRepository } from './sso.repository.ts';
import { requireProvider } from './sso-providers.ts';
import { safeReturnAddress } from './sso-return-address.ts';
import { createSignOnCodes } from './sso-sign-on-codes.ts';
import { SSO_TRANSACTION_LIFETIME_MS, type SsoTransaction } from './sso-transaction-cookie.ts';

/** How long the password of an existing account may be asked for after a sign-on found it. */
export const PENDING_LINK_LIFETIME_MS = 15 * 60 * 1000;

/** How a sign-on at the callback ended. */
export type SignOnOutcome =
  | { kind: 'signed-in'; returnTo: string; code: string; browser: string }
  | { kind: 'link-required'; returnTo: string; email: string; linkToken: string }
  | { kind: 'failed'; returnTo: string; code: SsoErrorCode };

/**
 * The sign-on itself with OpenID Connect (issue 17) and the linking of an identity to an
 * existing account. A provider's client secret is opened only to talk to it.
 */
export function createSsoSignOn(deps: {
  db: Db;
  repo: SsoRepository;
  clock: Clock;
  secrets: SecretBox;
  relyingParty: OidcRelyingParty;
  users: {
    findById(id: number, executor?: Db): Promise<UserAccount | undefined>;
    findByEmail(email: string, executor?: Db): Promise<UserAccount | undefined>;
    createFromSingleSignOn(
      tx: Db,
      person: {
        preferredUsername: string | undefined;
        email: string;
        isEmailVerified: boolean;
        externalIdentifier: string;
      },
    ): Promise<UserAccount>;
    setExternalIdentifierIfNone(tx: Db, userId: number, externalIdentifier: string): Promise<void>;
  };
  auth: {
    checkPasswordOfEmail(email: string, password: string, client: string): Promise<UserAccount>;
    issueSession(user: UserAccount): Promise<{ authToken: string; user: UserAccount }>;
  };
  publicUrl: string;
  logger: Logger;
}) {
  /** Throws when the secret was sealed under another SECRET_KEY; the provider must be saved again. */
  function settingsOf(provider: SsoProviderRecord): OidcProviderSettings {
    const { name: _name, type: _type, sealedClientSecret, ...settings } = provider;
    return { ...settings, clientSecret: deps.secrets.open(sealedClientSecret) };
  }

  // One address for every provider, so an administrator can register it at the provider before
  // this app has saved the provider and given it an id (decision 14).
  const redirectUri = `${deps.publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`;

  // A sign-on returns a single-use code, not the session token (decision 14).
  const codes = createSignOnCodes(deps);
  const signedIn = async (user: UserAccount, returnTo: string): Promise<SignOnOutcome> => ({
    kind: 'signed-in',
    returnTo,
    ...(await codes.issue(user)),
  });

  /** The account of an identity: the linked one, a new one, or a request to link by password. */
  async function accountFor(
    providerId: number,
    identity: OidcIdentity,
    returnTo: string,
  ): Promise<SignOnOutcome> {
    const linkedId = await deps.repo.findUserIdBySubject(deps.db, providerId, identity.subject);
    const linked = linkedId !== undefined ? await deps.users.findById(linkedId) : undefined;
    if (linked) return signedIn(linked, returnTo);

    const email =
      identity.email && EmailSchema.safeParse(identity.email).success ? identity.email : undefined;
    if (!email) return { kind: 'failed', returnTo, code: 'email-missing' };

    const existing = await deps.users.findByEmail(email);
    if (existing) {
      if (await deps.repo.hasIdentityForUser(deps.db, providerId, existing.id)) {
        return { kind: 'failed', returnTo, code: 'email-in-use' };
      }
      // The handle in the address is random and short-lived; only the browser of this sign-on
      // holds it, so nobody can link a subject they did not sign on as (decision 14).
      const linkToken = newToken();
      const now = deps.clock.now();
      await deps.repo.insertPendingLink(deps.db, {
        tokenHash: hashToken(linkToken),
        providerId,
        subject: identity.subject,
        emailKey: lookupKey(existing.email),
        now,
        expiresAt: new Date(now.getTime() + PENDING_LINK_LIFETIME_MS),
      });
      return { kind: 'link-required', returnTo, email, linkToken };
    }

    const created = await deps.db.transaction().execute(async (tx) => {
      const user = await deps.users.createFromSingleSignOn(tx, {
        preferredUsername: identity.preferredUsername,
        email,
        isEmailVerified: identity.emailVerified,
        externalIdentifier: identity.subject,
      });
      await deps.repo.insertIdentity(tx, {
        providerId,
        subject: identity.subject,
        userId: user.id,
        now: deps.clock.now(),
      });
      return user;
    });
    return signedIn(created, returnTo);
  }

  return {
    /** The address the provider sends the browser back to; the same for every provider. */
    redirectUri,

    /** Where to send the browser to sign on, and the transaction its return must match. */
    async startSignOn(
      providerId: number,
      redirectTo: string | undefined,
    ): Promise<{ location: string; transaction: SsoTransaction }> {
      const provider = await requireProvider(deps.repo, deps.db, providerId);
      const values = deps.relyingParty.newTransactionValues();
      const location = await deps.relyingParty.authorizationUrl(settingsOf(provider), {
        redirectUri,
        ...values,
      });
      return {
        location: location.toString(),
        transaction: {
          providerId,
          ...values,
          redirectTo: safeReturnAddress(redirectTo, deps.publicUrl),
          expiresAt: deps.clock.now().getTime() + SSO_TRANSACTION_LIFETIME_MS,
        },
      };
    },

    /**
     * The return from the provider: `transaction` is what the browser's cookie held (undefined
     * when it had none, or one not signed here, or expired); it names the provider. A return to
     * the address with a provider id (spec 01 §7) must name the same one. Never throws for a
     * failed sign-on; the outcome says where the browser goes and why.
     */
    async finishSignOn(
      query: string,
      transaction: SsoTransaction | undefined,
      providerIdOfAddress?: number,
    ): Promise<SignOnOutcome> {
      const root = safeReturnAddress(undefined, deps.publicUrl);
      if (
        !transaction ||
        (providerIdOfAddress !== undefined && transaction.providerId !== providerIdOfAddress)
      ) {
        return { kind: 'failed', returnTo: root, code: 'invalid-state' };
      }
      const providerId = transaction.providerId;
      const returnTo = safeReturnAddress(transaction.redirectTo, deps.publicUrl);
      const provider = await deps.repo.findProvider(deps.db, providerId);
      if (!provider) return { kind: 'failed', returnTo, code: 'provider-unavailable' };
      // The address the login sent as redirect_uri: the code exchange must name it again.
      const callbackUrl = new URL(redirectUri);
      callbackUrl.search = query;
      if (callbackUrl.searchParams.get('state') !== transaction.state) {
        return { kind: 'failed', returnTo, code: 'invalid-state' };
      }
      let identity: OidcIdentity;
      try {
        identity = await deps.relyingParty.finishSignIn(settingsOf(provider), callbackUrl, transaction);
      } catch (error) {
        if (!(error instanceof OidcSignInError)) throw error;
        deps.logger.warn(
          {
            providerId,
            reason: error.message,
            cause: error.cause instanceof Error ? error.cause.message : undefined,
          },
          'A single sign-on failed',
        );
        return { kind: 'failed', returnTo, code: error.reason };
      }
      try {
        return await accountFor(providerId, identity, returnTo);
      } catch (error) {
        // Two first sign-ons of one person at once: the other created the account or identity.
        if (!isUniqueViolation(error)) throw error;
        return accountFor(providerId, identity, returnTo);
      }
    },

    /** The session for the code a finished sign-on returned with; good once, for 60 seconds. */
    exchangeCode: codes.exchange,

    /**
     * Links the identity of a pending sign-on to the account with this email, proven by its
     * password under the sign-in budgets. The next sign-on with the provider enters that account.
     */
    async link(body: LinkSsoAccountBody, client: string): Promise<void> {
      const account = await deps.auth.checkPasswordOfEmail(body.email, body.password, client);
      try {
        await deps.db.transaction().execute(async (tx) => {
          const pending = await deps.repo.takePendingLink(
            tx,
            hashToken(body.externalId),
            lookupKey(account.email),
            deps.clock.now(),
          );
          if (!pending) throw badRequest(SsoMessages.linkExpired);
          const linkedTo = await deps.repo.findUserIdBySubject(tx, pending.providerId, pending.subject);
          if (linkedTo === account.id) return;
          if (
            linkedTo !== undefined ||
            (await deps.repo.hasIdentityForUser(tx, pending.providerId, account.id))
          ) {
            throw conflict(SsoMessages.alreadyLinked);
          }
          await deps.repo.insertIdentity(tx, {
            providerId: pending.providerId,
            subject: pending.subject,
            userId: account.id,
            now: deps.clock.now(),
          });
          await deps.users.setExternalIdentifierIfNone(tx, account.id, pending.subject);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SsoMessages.alreadyLinked);
        throw error;
      }
    },
  };
}
