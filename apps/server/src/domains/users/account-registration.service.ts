import type { CreateUserBody, Language } from '@toolpass/contracts';
import { currentAuditActor } from '../../platform/audit/audit-actor.ts';
import { hashPassword, type ScryptParams } from '../../platform/crypto/password.ts';
import { newToken } from '../../platform/crypto/tokens.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import { lookupKey, type UserAccount } from '../../platform/identity/user-account.ts';
import type { OutgoingMail } from '../../platform/mail/mail-queue.ts';
import { invalidTokenOrEmail, usernameOrEmailInUse } from './account-errors.ts';
import { createdUserChanges } from './audit-user.ts';
import type { AccountMailing } from './mail-tokens.ts';
import { ALL_PERMISSIONS, NO_PERMISSIONS } from './permission-sets.ts';

/** Registration with a password and the verification of its email address (spec 01 §4, §7). */
export function createAccountRegistrationService(
  deps: AccountMailing & { scrypt?: ScryptParams | undefined },
) {
  /** In the account's language, else the screen's it was asked for on, else DEFAULT_LANGUAGE. */
  async function verificationMail(
    user: { username: string; email: string },
    token: string,
    language: string | null | undefined,
  ): Promise<OutgoingMail> {
    const mail = await deps.emailTemplates.render('verify-email', language, {
      'user.username': user.username,
      'user.email': user.email,
      url: deps.tokens.link('/verify-email', { token, email: user.email }),
    });
    return { to: user.email, ...mail };
  }

  // Accounts are only ever added once one exists, so "not the first" is remembered: anonymous
  // visitors of the sign-in screen then cost no query at all.
  let hasAccounts = false;

  return {
    /** Whether the next registration would be the first account (and become administrator). */
    async isFirstAccount(): Promise<boolean> {
      if (!hasAccounts) hasAccounts = await deps.repo.hasAnyUser(deps.db);
      return !hasAccounts;
    },

    /** Registration; the first account of an empty database becomes an administrator. */
    async register(body: CreateUserBody): Promise<UserAccount> {
      const passwordHash = await hashPassword(body.password, deps.scrypt);
      const token = newToken();
      // A new account has chosen no language yet: the screen it was made on speaks for it.
      const mail = await verificationMail(body, token, body.language);
      try {
        return await deps.tokens.withMail(async (tx) => {
          await deps.repo.lockForRegistration(tx);
          if (
            (await deps.repo.isUsernameTaken(tx, body.username)) ||
            (await deps.repo.isEmailTaken(tx, body.email))
          ) {
            throw usernameOrEmailInUse();
          }
          const isFirst = !(await deps.repo.hasAnyUser(tx));
          const user = await deps.repo.insert(tx, {
            username: body.username,
            email: body.email,
            passwordHash,
            isEmailVerified: false,
            permissions: isFirst ? ALL_PERMISSIONS : NO_PERMISSIONS,
            now: deps.clock.now(),
          });
          // Signed out, the new account is its own author; a user manager's request names them.
          await deps.audit.record(tx, {
            ...(currentAuditActor() ? {} : { actor: { id: user.id, username: user.username } }),
            action: 'user.created',
            target: { type: 'user', id: user.id, name: user.username },
            changes: createdUserChanges(user),
          });
          await deps.tokens.store(tx, user.id, 'verify-email', token);
          await deps.mailQueue.enqueue(tx, mail);
          return user;
        });
      } catch (error) {
        // Two registrations with the same name can both pass the checks; the index decides.
        if (isUniqueViolation(error)) throw usernameOrEmailInUse();
        throw error;
      }
    },

    async verifyEmail(token: string, email: string): Promise<void> {
      await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock.now();
        const used = await deps.tokens.consume(tx, 'verify-email', token, now);
        const user = used && (await deps.repo.findById(tx, used.userId));
        // A mismatch rolls the transaction back, so the token stays usable with the right email.
        if (!user || lookupKey(user.email) !== lookupKey(email)) throw invalidTokenOrEmail();
        await deps.repo.markEmailVerified(tx, user.id, now);
      });
    },

    /** Re-sends a verification mail (used by sign-in of an unverified account). */
    async resendVerification(user: UserAccount, screenLanguage?: Language): Promise<void> {
      const token = newToken();
      const mail = await verificationMail(user, token, (await deps.languageOf(user.id)) ?? screenLanguage);
      await deps.tokens.withMail(async (tx) => {
        await deps.tokens.store(tx, user.id, 'verify-email', token);
        await deps.mailQueue.enqueue(tx, mail);
      });
    },
  };
}

export type AccountRegistrationService = ReturnType<typeof createAccountRegistrationService>;
