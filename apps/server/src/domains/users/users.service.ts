import {
  type BulkUpdatePermissionsBody,
  type CreateUserBody,
  ErrorCodes,
  type ListUsersQuery,
  Messages,
  type PermissionName,
  type SystemPermissions,
  type UpdatePermissionsBody,
  type UserPreferences,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import { hashPassword, type ScryptParams } from '../../platform/crypto/password.ts';
import { hashToken, newToken } from '../../platform/crypto/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/db-errors.ts';
import type { ReadCache } from '../../platform/db/read-cache.ts';
import type { UserTokenPurpose } from '../../platform/db/schema.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { lookupKey, type UserAccount } from '../../platform/identity/user-account.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import type { MailQueue, OutgoingMail } from '../../platform/mail/mail-queue.ts';
import type { EmailTemplatesService } from '../email-templates/email-templates.service.ts';
import { ssoUsernameBase, ssoUsernameCandidates } from './sso-username.ts';
import type { UsersRepository } from './users.repository.ts';

const HOUR = 60 * 60 * 1000;
const TOKEN_LIFETIME_MS: Record<UserTokenPurpose, number> = {
  'verify-email': 48 * HOUR,
  'reset-password': 1 * HOUR,
  'change-email': 48 * HOUR,
  // Long enough for an owner who reads mail once a week; the account is theirs until then.
  'undo-email-change': 7 * 24 * HOUR,
};

const ALL_PERMISSIONS: SystemPermissions = {
  canManageResources: true,
  canManageSystemConfiguration: true,
  canManageUsers: true,
};
const NO_PERMISSIONS: SystemPermissions = {
  canManageResources: false,
  canManageSystemConfiguration: false,
  canManageUsers: false,
};

const emailInUse = () => conflict(Messages.emailAlreadyInUse, { errorCode: ErrorCodes.emailAlreadyInUse });
/** Registration does not tell which of the two is taken, so it cannot be asked about an address. */
const usernameOrEmailInUse = () =>
  conflict(Messages.usernameOrEmailInUse, { errorCode: ErrorCodes.usernameOrEmailInUse });
const userNotFound = () => notFound(Messages.userNotFound, { errorCode: ErrorCodes.userNotFound });
const invalidTokenOrEmail = () =>
  badRequest(Messages.invalidTokenOrEmail, { errorCode: ErrorCodes.invalidVerificationToken });

/** Accounts, their mail-confirmed changes and their permissions (spec 01 §3-§8). */
export function createUsersService(deps: {
  db: Db;
  repo: UsersRepository;
  clock: Clock;
  mailQueue: MailQueue;
  emailTemplates: EmailTemplatesService;
  sessions: { revokeAllForUser(userId: number, executor?: Db): Promise<void> };
  /** Every request looks up its session; sign-out, expiry sweeps and user changes are rare. */
  sessionReads: ReadCache;
  publicUrl: string;
  logger: Logger;
  scrypt?: ScryptParams;
}) {
  const background = new Set<Promise<void>>();
  const link = (path: string, params: Record<string, string>) =>
    `${deps.publicUrl}${path}?${new URLSearchParams(params).toString()}`;

  /**
   * Stores the hash of a fresh token; the token itself only travels in the mail. The mail is
   * rendered before the transaction: on SQLite the transaction holds the only connection, so a
   * template read inside it through another handle would wait forever.
   */
  async function storeToken(
    tx: Db,
    userId: number,
    purpose: UserTokenPurpose,
    token: string,
    newEmail?: string,
  ) {
    const now = deps.clock.now();
    // Each undo link restores its own address: a second change must not void the first's undo.
    if (purpose !== 'undo-email-change') await deps.repo.discardUnusedTokens(tx, userId, purpose);
    await deps.repo.insertToken(tx, {
      userId,
      purpose,
      tokenHash: hashToken(token),
      ...(newEmail ? { newEmail } : {}),
      now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[purpose]),
    });
  }

  async function verificationMail(
    user: { username: string; email: string },
    token: string,
  ): Promise<OutgoingMail> {
    const mail = await deps.emailTemplates.render('verify-email', {
      'user.username': user.username,
      'user.email': user.email,
      url: link('/verify-email', { token, email: user.email }),
    });
    return { to: user.email, ...mail };
  }

  /** Runs `work` in one transaction mails can be queued in; they leave once it has committed. */
  function withMail<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return deps.mailQueue.transaction(work);
  }

  async function requireUser(db: Db, id: number) {
    const user = await deps.repo.findById(db, id);
    if (!user) throw userNotFound();
    return user;
  }

  async function ensureSomeoneManagesUsers(tx: Db) {
    if ((await deps.repo.countWithPermission(tx, 'canManageUsers')) === 0) {
      throw badRequest(Messages.invalidInput, { errors: { canManageUsers: [Messages.lastUserManager] } });
    }
  }

  return {
    /** Registration; the first account of an empty database becomes an administrator. */
    async register(body: CreateUserBody): Promise<UserAccount> {
      const passwordHash = await hashPassword(body.password, deps.scrypt);
      const token = newToken();
      const mail = await verificationMail(body, token);
      try {
        return await withMail(async (tx) => {
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
          await storeToken(tx, user.id, 'verify-email', token);
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
        const used = await deps.repo.consumeToken(tx, 'verify-email', hashToken(token), now);
        const user = used && (await deps.repo.findById(tx, used.userId));
        // A mismatch rolls the transaction back, so the token stays usable with the right email.
        if (!user || lookupKey(user.email) !== lookupKey(email)) throw invalidTokenOrEmail();
        await deps.repo.markEmailVerified(tx, user.id, now);
      });
    },

    /**
     * Always succeeds for a well-formed address, and answers before looking the address up: the
     * work (a template render and a commit, for known addresses only) runs after the answer, so
     * neither the answer nor its timing tells who has an account. `settle()` waits for it.
     */
    requestPasswordReset(email: string): void {
      const work = (async () => {
        const user = await deps.repo.findByEmail(deps.db, email);
        if (!user) return;
        const token = newToken();
        const mail = await deps.emailTemplates.render('reset-password', {
          'user.username': user.username,
          url: link('/reset-password', { token, userId: String(user.id) }),
        });
        await withMail(async (tx) => {
          await storeToken(tx, user.id, 'reset-password', token);
          await deps.mailQueue.enqueue(tx, { to: user.email, ...mail });
        });
      })()
        .catch((error: unknown) =>
          deps.logger.error({ err: error }, 'Preparing a password reset mail failed'),
        )
        .finally(() => background.delete(work));
      background.add(work);
    },

    /** Waits for work started after an answer (reset requests); called when the app closes. */
    async settle(): Promise<void> {
      await Promise.all([...background]);
    },

    /** Sets a new password with a reset token; every session of the user ends. */
    async changePassword(userId: number, token: string, password: string): Promise<void> {
      const invalidToken = () =>
        badRequest(Messages.invalidInput, { errors: { token: ['Invalid or expired reset token.'] } });
      // A wrong token is refused before the costly hash; the transaction checks it again.
      const usable = await deps.repo.findUsableToken(
        deps.db,
        'reset-password',
        hashToken(token),
        deps.clock.now(),
      );
      if (usable?.userId !== userId) throw invalidToken();
      const passwordHash = await hashPassword(password, deps.scrypt);
      await deps.db.transaction().execute(async (tx) => {
        const now = deps.clock.now();
        const used = await deps.repo.consumeToken(tx, 'reset-password', hashToken(token), now);
        if (!used || used.userId !== userId) throw invalidToken();
        await deps.repo.updatePasswordHash(tx, userId, passwordHash, now);
        // The reset link reached the mailbox, which proves the address as well as a verification would.
        await deps.repo.markEmailVerified(tx, userId, now);
        await deps.sessions.revokeAllForUser(userId, tx);
      });
    },

    /**
     * Sends a confirmation link to the new address. A taken address is not refused here: the
     * answer would tell any member which addresses have accounts. Its owner gets the mail and,
     * should they follow it, the confirmation refuses (they own the address, so nothing leaks).
     */
    async requestEmailChange(actor: UserAccount, newEmail: string): Promise<void> {
      if (lookupKey(newEmail) === lookupKey(actor.email)) {
        throw badRequest(Messages.invalidInput, {
          errors: { newEmail: ['This is already your email address.'] },
        });
      }
      const token = newToken();
      const mail = await deps.emailTemplates.render('change-email', {
        'user.username': actor.username,
        newEmail,
        url: link('/confirm-email-change', { token, newEmail }),
      });
      await withMail(async (tx) => {
        await storeToken(tx, actor.id, 'change-email', token, newEmail);
        await deps.mailQueue.enqueue(tx, { to: newEmail, ...mail });
      });
    },

    /**
     * Moves the account to the new address and, in the same transaction, sends the old address a
     * notice with a link that undoes the change: whoever took over a session cannot also take the
     * account away from the address that owns it.
     */
    async confirmEmailChange(token: string, newEmail: string): Promise<UserAccount> {
      const tokenHash = hashToken(token);
      // The notice is rendered before the transaction (see storeToken), so the holder is read first.
      const pending = await deps.repo.findUsableToken(deps.db, 'change-email', tokenHash, deps.clock.now());
      const holder = pending && (await deps.repo.findById(deps.db, pending.userId));
      if (!holder || !pending.newEmail || lookupKey(pending.newEmail) !== lookupKey(newEmail)) {
        throw invalidTokenOrEmail();
      }
      const undoToken = newToken();
      const notice = await deps.emailTemplates.render('email-changed', {
        'user.username': holder.username,
        newEmail: pending.newEmail,
        url: link('/undo-email-change', { token: undoToken, email: holder.email }),
      });
      try {
        return await withMail(async (tx) => {
          const now = deps.clock.now();
          const used = await deps.repo.consumeToken(tx, 'change-email', tokenHash, now);
          if (!used?.newEmail || lookupKey(used.newEmail) !== lookupKey(newEmail))
            throw invalidTokenOrEmail();
          if (await deps.repo.isEmailTaken(tx, used.newEmail, used.userId)) throw emailInUse();
          // Changed meanwhile: the notice would go to the wrong address. Rolled back, so the
          // link works again.
          const current = await deps.repo.findById(tx, used.userId);
          if (current?.email !== holder.email) throw invalidTokenOrEmail();
          const user = await deps.repo.updateEmail(tx, used.userId, used.newEmail, now);
          if (!user) throw invalidTokenOrEmail();
          await storeToken(tx, user.id, 'undo-email-change', undoToken, holder.email);
          await deps.mailQueue.enqueue(tx, { to: holder.email, ...notice });
          return user;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
    },

    /**
     * The link of the notice: the account gets the old address back (verified: the link reached
     * it), every session ends and every other pending link dies, including resets and
     * undo links sent to the address being undone.
     */
    async undoEmailChange(token: string, email: string): Promise<void> {
      try {
        await deps.db.transaction().execute(async (tx) => {
          const now = deps.clock.now();
          const used = await deps.repo.consumeToken(tx, 'undo-email-change', hashToken(token), now);
          if (!used?.newEmail || lookupKey(used.newEmail) !== lookupKey(email)) throw invalidTokenOrEmail();
          if (await deps.repo.isEmailTaken(tx, used.newEmail, used.userId)) throw emailInUse();
          const user = await deps.repo.updateEmail(tx, used.userId, used.newEmail, now);
          if (!user) throw invalidTokenOrEmail();
          for (const purpose of [
            'undo-email-change',
            'change-email',
            'reset-password',
            'verify-email',
          ] as const) {
            await deps.repo.discardUnusedTokens(tx, user.id, purpose);
          }
          await deps.sessions.revokeAllForUser(user.id, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
    },

    /** An administrator sets another user's address; it counts as verified. */
    async adminChangeEmail(userId: number, newEmail: string): Promise<UserAccount> {
      try {
        return await deps.db.transaction().execute(async (tx) => {
          await requireUser(tx, userId);
          if (await deps.repo.isEmailTaken(tx, newEmail, userId)) throw emailInUse();
          const user = await deps.repo.updateEmail(tx, userId, newEmail, deps.clock.now());
          if (!user) throw userNotFound();
          return user;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
    },

    async findBySessionToken(token: string): Promise<UserAccount | undefined> {
      const tokenHash = hashToken(token);
      const holder = await deps.sessionReads.read(tokenHash, () =>
        deps.repo.findSessionHolder(deps.db, tokenHash),
      );
      // Expiry is checked here, so a cached answer ends with the session even if nothing changes.
      return holder && holder.expiresAt > deps.clock.now() ? holder.account : undefined;
    },

    async findCredentials(usernameOrEmail: string) {
      return deps.repo.findCredentials(deps.db, usernameOrEmail);
    },

    async getPreferences(actor: UserAccount): Promise<UserPreferences> {
      const language = await deps.repo.findLanguage(deps.db, actor.id);
      return { language: language === 'en' || language === 'de' ? language : null };
    },

    async updatePreferences(actor: UserAccount, preferences: UserPreferences): Promise<UserPreferences> {
      await deps.repo.updateLanguage(deps.db, actor.id, preferences.language, deps.clock.now());
      return preferences;
    },

    async findById(id: number, executor: Db = deps.db): Promise<UserAccount | undefined> {
      return deps.repo.findById(executor, id);
    },

    async findByEmail(email: string, executor: Db = deps.db): Promise<UserAccount | undefined> {
      return deps.repo.findByEmail(executor, email);
    },

    /**
     * An account for a person a single sign-on provider vouched for, in the caller's transaction:
     * no password (password sign-in refuses it until a reset sets one), no permissions, the
     * username from the provider made unique, verified when the provider verified the email.
     */
    async createFromSingleSignOn(
      tx: Db,
      person: {
        preferredUsername: string | undefined;
        email: string;
        isEmailVerified: boolean;
        externalIdentifier: string;
      },
    ): Promise<UserAccount> {
      const candidates = ssoUsernameCandidates(ssoUsernameBase(person.preferredUsername, person.email), () =>
        newToken().slice(0, 6),
      );
      let username = candidates.next().value as string;
      while (await deps.repo.isUsernameTaken(tx, username)) username = candidates.next().value as string;
      return deps.repo.insert(tx, {
        username,
        email: person.email,
        passwordHash: null,
        isEmailVerified: person.isEmailVerified,
        permissions: NO_PERMISSIONS,
        externalIdentifier: person.externalIdentifier,
        now: deps.clock.now(),
      });
    },

    /** Shows a linked identity as the account's external identifier, unless it has one. */
    async setExternalIdentifierIfNone(tx: Db, userId: number, externalIdentifier: string): Promise<void> {
      await deps.repo.setExternalIdentifierIfNone(tx, userId, externalIdentifier, deps.clock.now());
    },

    /** One user: the user itself or a holder of canManageUsers. */
    async getVisibleUser(actor: UserAccount, id: number): Promise<UserAccount> {
      if (actor.id !== id && !actor.permissions.canManageUsers)
        throw forbidden(Messages.forbiddenAccessResource);
      return requireUser(deps.db, id);
    },

    async list(query: ListUsersQuery) {
      return deps.repo.list(deps.db, query);
    },

    async listWithPermission(query: { page: number; limit: number; permission: PermissionName }) {
      return deps.repo.list(deps.db, query);
    },

    async getPermissions(id: number): Promise<SystemPermissions> {
      return (await requireUser(deps.db, id)).permissions;
    },

    async updatePermissions(id: number, permissions: UpdatePermissionsBody): Promise<UserAccount> {
      return deps.db.transaction().execute(async (tx) => {
        const user = await deps.repo.updatePermissions(tx, id, permissions, deps.clock.now());
        if (!user) throw userNotFound();
        await ensureSomeoneManagesUsers(tx);
        return user;
      });
    },

    /** All updates or none. */
    async bulkUpdatePermissions(body: BulkUpdatePermissionsBody): Promise<UserAccount[]> {
      return deps.db.transaction().execute(async (tx) => {
        const updated: UserAccount[] = [];
        for (const { userId, permissions } of body.updates) {
          const user = await deps.repo.updatePermissions(tx, userId, permissions, deps.clock.now());
          if (!user) throw userNotFound();
          updated.push(user);
        }
        await ensureSomeoneManagesUsers(tx);
        return updated;
      });
    },

    /**
     * For the shell command: creates a verified administrator, or promotes and verifies an
     * existing account of that username (setting its password when one is given).
     */
    async createOrPromoteAdministrator(input: {
      username: string;
      email?: string | undefined;
      password?: string | undefined;
    }) {
      const passwordHash = input.password ? await hashPassword(input.password, deps.scrypt) : undefined;
      return deps.db.transaction().execute(async (tx) => {
        const now = deps.clock.now();
        const existing = await deps.repo.findByUsername(tx, input.username);
        if (existing) {
          if (input.email && (await deps.repo.isEmailTaken(tx, input.email, existing.id))) throw emailInUse();
          if (input.email && lookupKey(input.email) !== lookupKey(existing.email)) {
            await deps.repo.updateEmail(tx, existing.id, input.email, now);
          }
          if (passwordHash) await deps.repo.updatePasswordHash(tx, existing.id, passwordHash, now);
          await deps.repo.setAllPermissionsAndVerify(tx, existing.id, now);
          return { created: false, user: await requireUser(tx, existing.id) };
        }
        if (!input.email || !passwordHash) {
          throw badRequest('A new administrator needs --email and --password.');
        }
        if (await deps.repo.isEmailTaken(tx, input.email)) throw emailInUse();
        const user = await deps.repo.insert(tx, {
          username: input.username,
          email: input.email,
          passwordHash,
          isEmailVerified: true,
          permissions: ALL_PERMISSIONS,
          now,
        });
        return { created: true, user };
      });
    },

    async deleteSpentTokens(): Promise<void> {
      await deps.repo.deleteSpentTokens(deps.db, deps.clock.now());
    },

    /** Re-sends a verification mail (used by sign-in of an unverified account). */
    async resendVerification(user: UserAccount): Promise<void> {
      const token = newToken();
      const mail = await verificationMail(user, token);
      await withMail(async (tx) => {
        await storeToken(tx, user.id, 'verify-email', token);
        await deps.mailQueue.enqueue(tx, mail);
      });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
