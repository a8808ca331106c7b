import { ErrorCodes, Messages } from '@toolpass/contracts';
import { hashForUnknownUser, verifyPassword } from '../../platform/crypto/password.ts';
import { unauthorized } from '../../platform/http/errors.ts';
import type { UserAccount } from '../users/users.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import type { AuthSessionsService } from './auth-sessions.service.ts';

/** Local sign-in, session refresh and sign-out (spec 01 §4, §7 Authentication). */
export function createAuthService(deps: { users: UsersService; sessions: AuthSessionsService }) {
  return {
    async signIn(
      usernameOrEmail: string,
      password: string,
    ): Promise<{ authToken: string; user: UserAccount }> {
      const found = await deps.users.findCredentials(usernameOrEmail);
      // Unknown users cost a full hash too, so timing does not tell which names exist.
      const valid = await verifyPassword(password, found?.passwordHash ?? (await hashForUnknownUser));
      if (!found?.passwordHash || !valid) throw unauthorized(Messages.invalidCredentials);
      if (!found.account.isEmailVerified) {
        // Only the owner (who knows the password) can get here, so a fresh link is safe to send;
        // it also rescues accounts whose first link expired.
        await deps.users.resendVerification(found.account);
        throw unauthorized(Messages.emailNotVerified, { errorCode: ErrorCodes.emailNotVerified });
      }
      return { authToken: await deps.sessions.issue(found.account.id), user: found.account };
    },

    /** A fresh token; the old one stays valid until it expires so other open tabs keep working. */
    async refresh(user: UserAccount): Promise<{ authToken: string; user: UserAccount }> {
      return { authToken: await deps.sessions.issue(user.id), user };
    },

    async signOut(token: string): Promise<void> {
      await deps.sessions.revoke(token);
    },

    /** The signed-in user behind a bearer token, or undefined. */
    async resolveUser(token: string): Promise<UserAccount | undefined> {
      return deps.users.findBySessionToken(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
