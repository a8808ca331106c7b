import type { PermissionName, SystemPermissions } from '@toolpass/contracts';
import { readBool } from '../../platform/db/db-values.ts';
import type { UserRow } from '../../platform/db/schema.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';

/** The one mapping between the `users` columns and the shared account type. */
export const PERMISSION_COLUMNS = {
  canManageResources: 'can_manage_resources',
  canManageSystemConfiguration: 'can_manage_system_configuration',
  canManageUsers: 'can_manage_users',
} as const satisfies Record<PermissionName, string>;

export const ACCOUNT_COLUMNS = [
  'users.id',
  'users.username',
  'users.email',
  'users.external_identifier',
  'users.is_email_verified',
  'users.can_manage_resources',
  'users.can_manage_system_configuration',
  'users.can_manage_users',
] as const;

export type AccountRow = Pick<
  UserRow,
  | 'id'
  | 'username'
  | 'email'
  | 'external_identifier'
  | 'is_email_verified'
  | 'can_manage_resources'
  | 'can_manage_system_configuration'
  | 'can_manage_users'
>;

export function toAccount(row: AccountRow): UserAccount {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    externalIdentifier: row.external_identifier,
    isEmailVerified: readBool(row.is_email_verified),
    permissions: {
      canManageResources: readBool(row.can_manage_resources),
      canManageSystemConfiguration: readBool(row.can_manage_system_configuration),
      canManageUsers: readBool(row.can_manage_users),
    },
  };
}

export function permissionColumns(permissions: Partial<SystemPermissions>) {
  const set: Partial<Record<(typeof PERMISSION_COLUMNS)[PermissionName], boolean>> = {};
  for (const [name, column] of Object.entries(PERMISSION_COLUMNS) as [PermissionName, string][]) {
    const value = permissions[name];
    if (value !== undefined) set[column as (typeof PERMISSION_COLUMNS)[PermissionName]] = value;
  }
  return set;
}
