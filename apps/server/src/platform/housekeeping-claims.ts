import type { Db } from './db/database.ts';

/**
 * Which instance runs a housekeeping job this time. A job is due once its row's time has come;
 * the instance whose update moves that time on runs it, and the others' updates then match no
 * row (PostgreSQL re-checks the condition on the row the first one committed; SQLite has one
 * writer). The first run of a job on a new database inserts its row instead.
 */
export function createHousekeepingClaims(db: Db) {
  return {
    async claim(name: string, now: Date, nextDueAt: Date): Promise<boolean> {
      const moved = await db
        .updateTable('housekeeping_runs')
        .set({ due_at: nextDueAt })
        .where('name', '=', name)
        .where('due_at', '<=', now)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) return true;
      const inserted = await db
        .insertInto('housekeeping_runs')
        .values({ name, due_at: nextDueAt })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
    },
  };
}

export type HousekeepingClaims = ReturnType<typeof createHousekeepingClaims>;
