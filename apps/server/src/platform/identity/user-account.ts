import type { SystemPermissions } from '@toolpass/contracts';

/**
 * Who a request acts as: the small account type every domain and the auth guard share. The
 * users domain owns the rows behind it; the password hash never leaves its repository except
 * for sign-in.
 */
export type UserAccount = {
  id: number;
  username: string;
  email: string;
  externalIdentifier: string | null;
  isEmailVerified: boolean;
  permissions: SystemPermissions;
};

/** The normalised key behind case-insensitive uniqueness of usernames and emails. */
export function lookupKey(value: string): string {
  return value.trim().normalize('NFKC').toLowerCase();
}
