import { type ListUsersQuery, Messages, type PermissionName } from '@toolpass/contracts';
import type { AuditLog } from '../../platform/audit/audit-log.ts';
import type { Clock } from '../../platform/clock.ts';
import { hashToken, newToken } from '../../platform/crypto/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import type { ReadCache } from '../../platform/db/read-cache.ts';
import { forbidden } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { requireAccount } from './account-errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import { createdUserChanges } from './audit-user.ts';
import { NO_PERMISSIONS } from './permission-sets.ts';
import { ssoUsernameBase, ssoUsernameCandidates } from './sso-username.ts';

/**
 * The accounts as others see them: look-ups for sign-in and the auth guard, the directory of
 * users, and the accounts single sign-on creates or links (spec 01 §3, §6).
 */
export function createAccountsService(deps: {
  db: Db;
  repo: AccountsRepository;
  clock: Clock;
  /** Every request looks up its auth session; sign-out, expiry sweeps and user changes are rare. */
  authSessionReads: ReadCache;
  audit: AuditLog;
}) {
  return {
    async findById(id: number, executor: Db = deps.db): Promise<UserAccount | undefined> {
      return deps.repo.findById(executor, id);
    },

    async findByEmail(email: string, executor: Db = deps.db): Promise<UserAccount | undefined> {
      return deps.repo.findByEmail(executor, email);
    },

    /** The signed-in account behind a bearer token of an auth session, or undefined. */
    async findByAuthSessionToken(token: string): Promise<UserAccount | undefined> {
      const tokenHash = hashToken(token);
      const holder = await deps.authSessionReads.read(tokenHash, () =>
        deps.repo.findAuthSessionHolder(deps.db, tokenHash),
      );
      // Expiry is checked here, so a cached answer ends with the session even if nothing changes.
      return holder && holder.expiresAt > deps.clock.now() ? holder.account : undefined;
    },

    async findCredentials(usernameOrEmail: string) {
      return deps.repo.findCredentials(deps.db, usernameOrEmail);
    },

    /** One user: the user itself or a holder of canManageUsers. */
    async getVisibleUser(actor: UserAccount, id: number): Promise<UserAccount> {
      if (actor.id !== id && !actor.permissions.canManageUsers)
        throw forbidden(Messages.forbiddenAccessResource);
      return requireAccount(deps.repo, deps.db, id);
    },

    async list(query: ListUsersQuery) {
      return deps.repo.list(deps.db, query);
    },

    async listWithPermission(query: { page: number; limit: number; permission: PermissionName }) {
      return deps.repo.list(deps.db, query);
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
      const user = await deps.repo.insert(tx, {
        username,
        email: person.email,
        passwordHash: null,
        isEmailVerified: person.isEmailVerified,
        permissions: NO_PERMISSIONS,
        externalIdentifier: person.externalIdentifier,
        now: deps.clock.now(),
      });
      // The provider vouched for the person; they made their own account by signing on.
      await deps.audit.record(tx, {
        actor: { id: user.id, username: user.username },
        action: 'user.created',
        target: { type: 'user', id: user.id, name: user.username },
        changes: createdUserChanges(user),
      });
      return user;
    },

    /** Shows a linked identity as the account's external identifier, unless it has one. */
    async setExternalIdentifierIfNone(tx: Db, userId: number, externalIdentifier: string): Promise<void> {
      await deps.repo.setExternalIdentifierIfNone(tx, userId, externalIdentifier, deps.clock.now());
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
