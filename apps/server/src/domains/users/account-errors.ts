import { ErrorCodes, Messages } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import type { UserAccount } from '../../platform/identity/user-account.ts';

export const emailInUse = () =>
  conflict(Messages.emailAlreadyInUse, { errorCode: ErrorCodes.emailAlreadyInUse });
/** Registration does not tell which of the two is taken, so it cannot be asked about an address. */
export const usernameOrEmailInUse = () =>
  conflict(Messages.usernameOrEmailInUse, { errorCode: ErrorCodes.usernameOrEmailInUse });
export const userNotFound = () => notFound(Messages.userNotFound, { errorCode: ErrorCodes.userNotFound });
export const invalidTokenOrEmail = () =>
  badRequest(Messages.invalidTokenOrEmail, { errorCode: ErrorCodes.invalidVerificationToken });

/** The account with this id, or the specification's 404. */
export async function requireAccount(
  repo: { findById(db: Db, id: number): Promise<UserAccount | undefined> },
  db: Db,
  id: number,
): Promise<UserAccount> {
  const user = await repo.findById(db, id);
  if (!user) throw userNotFound();
  return user;
}
