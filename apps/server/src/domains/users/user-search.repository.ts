import type { UserRef } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';
import { readCount } from '../../platform/db/db-values.ts';
import { containsPattern } from '../../platform/db/like-pattern.ts';
import { lookupKey } from '../../platform/identity/user-account.ts';

export function createUserSearchRepository() {
  return {
    /** Usernames containing the search text, case-insensitively, ordered by username. */
    async searchUsernames(
      db: Db,
      query: { page: number; limit: number; search?: string | undefined },
    ): Promise<{ data: UserRef[]; total: number }> {
      let base = db.selectFrom('users');
      if (query.search) {
        base = base.where('username_key', 'like', containsPattern(lookupKey(query.search)));
      }
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'username'])
          .orderBy('username_key')
          .orderBy('id')
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst(),
      ]);
      return { data: rows, total: readCount(count?.count as number | undefined) };
    },

    /** Whether the user introduces others to at least one resource or group. */
    async isAnyIntroducer(db: Db, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('introducers')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type UserSearchRepository = ReturnType<typeof createUserSearchRepository>;
