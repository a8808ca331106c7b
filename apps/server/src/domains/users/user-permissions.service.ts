import {
  type BulkUpdatePermissionsBody,
  Messages,
  type SystemPermissions,
  type UpdatePermissionsBody,
} from '@toolpass/contracts';
import { type AuditLog, diffFields } from '../../platform/audit/audit-log.ts';
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
  audit: AuditLog;
}) {
  /** Changes one user's permissions and records what changed, in the caller's transaction. */
  async function update(tx: Db, id: number, permissions: UpdatePermissionsBody): Promise<UserAccount> {
    const before = await deps.accounts.findById(tx, id);
    const user = before && (await deps.repo.updatePermissions(tx, id, permissions, deps.clock.now()));
    if (!before || !user) throw userNotFound();
    const changes = diffFields(before.permissions, user.permissions);
    if (Object.keys(changes).length > 0) {
      await deps.audit.record(tx, {
        action: 'user.permissions-changed',
        target: { type: 'user', id, name: user.username },
        changes,
      });
    }
    return user;
  }

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
        const user = await update(tx, id, permissions);
        await ensureSomeoneManagesUsers(tx);
        return user;
      });
    },

    /** All updates or none. */
    async bulkUpdatePermissions(body: BulkUpdatePermissionsBody): Promise<UserAccount[]> {
      return deps.db.transaction().execute(async (tx) => {
        const updated: UserAccount[] = [];
        for (const { userId, permissions } of body.updates) {
          updated.push(await update(tx, userId, permissions));
        }
        await ensureSomeoneManagesUsers(tx);
        return updated;
      });
    },
  };
}

export type UserPermissionsService = ReturnType<typeof createUserPermissionsService>;
