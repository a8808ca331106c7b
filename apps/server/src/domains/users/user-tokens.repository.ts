import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';
import type { UserTokenPurpose } from '../../platform/db/schema.ts';

/** Single-use mail tokens (verify, reset, change email and its undo), stored as hashes only. */
export function createUserTokensRepository() {
  return {
    async insertToken(
      db: Db,
      token: {
        userId: number;
        purpose: UserTokenPurpose;
        tokenHash: string;
        newEmail?: string;
        now: Date;
        expiresAt: Date;
      },
    ) {
      await db
        .insertInto('user_tokens')
        .values({
          user_id: token.userId,
          purpose: token.purpose,
          token_hash: token.tokenHash,
          new_email: token.newEmail ?? null,
          created_at: token.now,
          expires_at: token.expiresAt,
          used_at: null,
        })
        .execute();
    },

    /** The user of a usable token, without spending it: to refuse a bad token before costly work. */
    async findUsableToken(db: Db, purpose: UserTokenPurpose, tokenHash: string, now: Date) {
      const row = await db
        .selectFrom('user_tokens')
        .select(['user_id', 'new_email'])
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row && { userId: row.user_id, newEmail: row.new_email };
    },

    /**
     * Marks a valid token used and returns it; at most one caller can win, because the
     * `used_at is null` guard is part of the UPDATE itself.
     */
    async consumeToken(db: Db, purpose: UserTokenPurpose, tokenHash: string, now: Date) {
      const row = await db
        .updateTable('user_tokens')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning(['user_id', 'new_email', 'expires_at'])
        .executeTakeFirst();
      return row && { userId: row.user_id, newEmail: row.new_email, expiresAt: readDate(row.expires_at) };
    },

    /** Tokens that can no longer be used: spent, or expired a day ago (kept a day for support questions). */
    async deleteSpentTokens(db: Db, now: Date) {
      const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
      await db
        .deleteFrom('user_tokens')
        .where((eb) => eb.or([eb('used_at', '<', dayAgo), eb('expires_at', '<', dayAgo)]))
        .execute();
    },

    /** A new token of a purpose replaces older unused ones, so only the latest mail's link works. */
    async discardUnusedTokens(db: Db, userId: number, purpose: UserTokenPurpose) {
      await db
        .deleteFrom('user_tokens')
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}

export type UserTokensRepository = ReturnType<typeof createUserTokensRepository>;
