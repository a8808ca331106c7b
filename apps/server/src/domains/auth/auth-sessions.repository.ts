import type { Db } from '../../platform/db/database.ts';

export function createAuthSessionsRepository() {
  return {
    async insert(db: Db, session: { userId: number; tokenHash: string; now: Date; expiresAt: Date }) {
      await db
        .insertInto('auth_sessions')
        .values({
          user_id: session.userId,
          token_hash: session.tokenHash,
          created_at: session.now,
          expires_at: session.expiresAt,
        })
        .execute();
    },

    async deleteByTokenHash(db: Db, tokenHash: string) {
      await db.deleteFrom('auth_sessions').where('token_hash', '=', tokenHash).execute();
    },

    async deleteAllForUser(db: Db, userId: number) {
      await db.deleteFrom('auth_sessions').where('user_id', '=', userId).execute();
    },

    /** The sessions of these token hashes that have not expired, with their user's permissions. */
    async findLive(db: Db, tokenHashes: string[], now: Date) {
      if (tokenHashes.length === 0) return [];
      return db
        .selectFrom('auth_sessions')
        .innerJoin('users', 'users.id', 'auth_sessions.user_id')
        .select([
          'auth_sessions.token_hash',
          'users.id as user_id',
          'users.can_manage_resources',
          'users.can_manage_system_configuration',
          'users.can_manage_users',
        ])
        .where('auth_sessions.token_hash', 'in', tokenHashes)
        .where('auth_sessions.expires_at', '>', now)
        .execute();
    },

    async deleteExpired(db: Db, now: Date) {
      await db.deleteFrom('auth_sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type AuthSessionsRepository = ReturnType<typeof createAuthSessionsRepository>;
