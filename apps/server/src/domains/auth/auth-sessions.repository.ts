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

    async deleteExpired(db: Db, now: Date) {
      await db.deleteFrom('auth_sessions').where('expires_at', '<=', now).execute();
    },
  };
}

export type AuthSessionsRepository = ReturnType<typeof createAuthSessionsRepository>;
