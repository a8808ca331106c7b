import {
  type BulkUpdatePermissionsBody,
  Messages,
  type SystemPermissions,
  type UpdatePermissionsBody,
} from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';
import { requireAccount, userNotFound } from './account-errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { UserPermissionsRepository } from './user-permissions.repository.ts';

/** The system permissions of users, as user managers read and change them (spec 01 §6). */
export function createUserPermissionsService(deps: {
  db: Db;
  repo: UserPermissionsRepository;
  accounts: Pick<AccountsRepository, 'findById'>;
  clock: Clock;
}) {
  /** Some account must keep canManageUsers, or nobody could ever grant it again. */
  async function ensureSomeoneManagesUsers(tx: Db) {
    if ((await deps.repo.countWithPermission(tx, 'canManageUsers')) === 0) {
      throw badRequest(Messages.invalidInput, { errors: { canManageUsers: [Messages.lastUserManager] } });
    }
  }

  return {
    async getPermissions(id: number): Promise<SystemPermissions> {
      return (await requireAccount(deps.accounts, deps.db, id)).permissions;
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
  };
}

export type UserPermissionsService = ReturnType<typeof createUserPermissionsService>;
