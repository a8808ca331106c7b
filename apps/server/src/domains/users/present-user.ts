import type { User } from '@toolpass/contracts';
import type { UserAccount } from '../../platform/identity/user-account.ts';

/** The API view of a user: the email only for the user itself and for holders of canManageUsers. */
export function presentUser(account: UserAccount, viewer: UserAccount | null): User {
  const mayReadEmail = viewer !== null && (viewer.id === account.id || viewer.permissions.canManageUsers);
  return {
    id: account.id,
    username: account.username,
    ...(mayReadEmail ? { email: account.email } : {}),
    externalIdentifier: account.externalIdentifier,
    isEmailVerified: account.isEmailVerified,
    systemPermissions: account.permissions,
  };
}
