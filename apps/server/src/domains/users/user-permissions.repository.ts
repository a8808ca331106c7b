import type { PermissionName, SystemPermissions } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import { readCount } from '../../platform/db/db-values.ts';
import { PERMISSION_COLUMNS, permissionColumns, toAccount } from './account-rows.ts';

/** The system permission columns of `users`. */
export function createUserPermissionsRepository() {
  return {
    async countWithPermission(db: Db, permission: PermissionName): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('count'))
        .where(PERMISSION_COLUMNS[permission], '=', true)
        .executeTakeFirst();
      return readCount(row?.count as number | undefined);
    },

    async updatePermissions(db: Db, id: number, permissions: Partial<SystemPermissions>, now: Date) {
      const row = await db
        .updateTable('users')
        .set({ ...permissionColumns(permissions), updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAccount(row);
    },

    async setAllPermissionsAndVerify(db: Db, id: number, now: Date) {
      await db
        .updateTable('users')
        .set({
          ...permissionColumns({
            canManageResources: true,
            canManageSystemConfiguration: true,
            canManageUsers: true,
          }),
          is_email_verified: true,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UserPermissionsRepository = ReturnType<typeof createUserPermissionsRepository>;
