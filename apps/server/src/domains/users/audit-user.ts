import { diffFields } from '../../platform/audit/audit-log.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';

/** A new account's fields as an audit entry shows them; the password hash is never among them. */
export function createdUserChanges(user: UserAccount) {
  return diffFields({}, { username: user.username, email: user.email, ...user.permissions });
}
