import { ErrorCodes, type Language, Messages, type ResendVerificationBody } from '@toolpass/contracts';
import { hashForUnknownUser, verifyPasswordIfAdmitted } from '../../platform/crypto/password.ts';
import { type AttemptLimiter, type Reservation, reserveEach } from '../../platform/http/attempt-limiter.ts';
import { AppError, unauthorized } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { lookupKey } from '../../platform/identity/user-account.ts';
import type { AuthSessionsService } from './auth-sessions.service.ts';

/** Local sign-in, session refresh and sign-out (spec 01 §4, §7 Authentication). */
export function createAuthService(deps: {
  /** The accounts of the users domain, as sign-in and the auth guard look them up. */
  users: {
    findCredentials(
      usernameOrEmail: string,
    ): Promise<{ account: UserAccount; passwordHash: string | null } | undefined>;
    findByAuthSessionToken(token: string): Promise<UserAccount | undefined>;
  };
  verification: { resendVerification(user: UserAccount, screenLanguage?: Language): Promise<void> };
  sessions: AuthSessionsService;
  /**
   * Failed password checks per account, and per client address across accounts; verification
   * mails re-sent per account (each is a mail to someone's inbox).
   */
  limits: { perAccount: AttemptLimiter; perClient: AttemptLimiter; verificationResends: AttemptLimiter };
}) {
  const tooMany = () => new AppError(429, Messages.tooManyRequests);

  /**
   * Checks a password, with one budget of failures per account however it is named (the
   * account the lookup finds, or the name as the lookup normalises it) and one per client.
   * A spent budget is refused before the request queues for a hash. The attempt itself is
   * spent just before the hash and given back when the password is right, so a burst of
   * parallel guesses costs at most the budget in hashes. Password sign-in and the linking of a
   * single sign-on identity share these budgets.
   */
  async function checkPassword(
    usernameOrEmail: string,
    password: string,
    client: string,
  ): Promise<UserAccount> {
    const found = await deps.users.findCredentials(usernameOrEmail);
    const account = found ? `account ${found.account.id}` : `name ${lookupKey(usernameOrEmail)}`;
    const budgets = [
      [deps.limits.perAccount, account],
      [deps.limits.perClient, client],
    ] as const;
    if (budgets.some(([limiter, key]) => limiter.blocked(key))) throw tooMany();
    let attempt: Reservation | undefined;
    // Unknown users cost a full hash too, so timing does not tell which names exist. An account
    // made by single sign-on has no password and is refused the same way.
    const valid = await verifyPasswordIfAdmitted(password, found?.passwordHash ?? hashForUnknownUser, () => {
      attempt = reserveEach(budgets);
      return attempt !== undefined;
    });
    if (valid === undefined) throw tooMany();
    if (!found?.passwordHash || !valid) throw unauthorized(Messages.invalidCredentials);
    attempt?.refund();
    deps.limits.perAccount.reset(account);
    return found.account;
  }

  return {
    async signIn(
      usernameOrEmail: string,
      password: string,
      client: string,
    ): Promise<{ authToken: string; user: UserAccount }> {
      const account = await checkPassword(usernameOrEmail, password, client);
      // No mail here: a sign-in that quietly mails a second link leaves two in the inbox and the
      // member unaware. The screen offers `resendVerification` instead (issue 28).
      if (!account.isEmailVerified)
        throw unauthorized(Messages.emailNotVerified, { errorCode: ErrorCodes.emailNotVerified });
      return { authToken: await deps.sessions.issue(account.id), user: account };
    },

    /**
     * A fresh verification link, asked for with the account's sign-in: only the owner (who knows
     * the password) gets here, so it is safe to send, and it rescues an account whose first link
     * expired. A few per quarter hour; beyond that a 429, since nothing was sent.
     */
    async resendVerification(
      body: ResendVerificationBody,
      client: string,
    ): Promise<'sent' | 'already-verified'> {
      const account = await checkPassword(body.username, body.password, client);
      if (account.isEmailVerified) return 'already-verified';
      if (!deps.limits.verificationResends.reserve(`account ${account.id}`)) throw tooMany();
      await deps.verification.resendVerification(account, body.language);
      return 'sent';
    },

    /**
     * The account with this email, proven by its password under the sign-in budgets (for linking
     * a single sign-on identity to it).
     */
    async checkPasswordOfEmail(email: string, password: string, client: string): Promise<UserAccount> {
      const account = await checkPassword(email, password, client);
      // The look-up also matches usernames; only the owner of this address may link to it.
      if (lookupKey(account.email) !== lookupKey(email)) throw unauthorized(Messages.invalidCredentials);
      return account;
    },

    /** A session for an account a single sign-on provider vouched for: the same token as sign-in's. */
    async issueSession(user: UserAccount): Promise<{ authToken: string; user: UserAccount }> {
      return { authToken: await deps.sessions.issue(user.id), user };
    },

    /**
     * A fresh token in place of the one presented, which is revoked: a stolen token cannot be
     * kept alive by refreshing it alongside its owner. Other tabs take the new token from storage.
     */
    async refresh(user: UserAccount, presented: string): Promise<{ authToken: string; user: UserAccount }> {
      const authToken = await deps.sessions.issue(user.id);
      await deps.sessions.revoke(presented);
      return { authToken, user };
    },

    async signOut(token: string): Promise<void> {
      await deps.sessions.revoke(token);
    },

    /** The signed-in user behind a bearer token, or undefined. */
    async resolveUser(token: string): Promise<UserAccount | undefined> {
      return deps.users.findByAuthSessionToken(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
