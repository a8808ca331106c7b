import type { SystemPermissions } from '@toolpass/contracts';
import type { Clock } from '../../platform/clock.ts';
import { hashToken, newToken } from '../../platform/crypto/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import { readBool } from '../../platform/db/db-values.ts';
import type { AuthSessionsRepository } from './auth-sessions.repository.ts';

export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Opaque bearer tokens: the client holds the token, the database only its SHA-256 hash, so a
 * leaked database copy cannot be replayed as a session.
 */
export function createAuthSessionsService(deps: { db: Db; repo: AuthSessionsRepository; clock: Clock }) {
  return {
    async issue(userId: number, executor: Db = deps.db): Promise<string> {
      const token = newToken();
      const now = deps.clock.now();
      await deps.repo.insert(executor, {
        userId,
        tokenHash: hashToken(token),
        now,
        expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
      });
      return token;
    },

    async revoke(token: string): Promise<void> {
      await deps.repo.deleteByTokenHash(deps.db, hashToken(token));
    },

    async revokeAllForUser(userId: number, executor: Db = deps.db): Promise<void> {
      await deps.repo.deleteAllForUser(executor, userId);
    },

    /**
     * Which of these sessions (by token hash) still hold, and the permissions their user has now:
     * open event streams end with their token (architecture §Events).
     */
    async liveSessions(
      tokenHashes: string[],
    ): Promise<Map<string, { userId: number; permissions: SystemPermissions }>> {
      const rows = await deps.repo.findLive(deps.db, tokenHashes, deps.clock.now());
      return new Map(
        rows.map((row) => [
          row.token_hash,
          {
            userId: row.user_id,
            permissions: {
              canManageResources: readBool(row.can_manage_resources),
              canManageSystemConfiguration: readBool(row.can_manage_system_configuration),
              canManageUsers: readBool(row.can_manage_users),
            },
          },
        ]),
      );
    },

    async deleteExpired(): Promise<void> {
      await deps.repo.deleteExpired(deps.db, deps.clock.now());
    },
  };
}

export type AuthSessionsService = ReturnType<typeof createAuthSessionsService>;
