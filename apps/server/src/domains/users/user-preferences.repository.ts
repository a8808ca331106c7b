import type { Db } from '../../platform/db/database.ts';
import { readBool } from '../../platform/db/db-values.ts';

/** The account's own settings kept on its `users` row. */
export function createUserPreferencesRepository() {
  return {
    async findLanguage(db: Db, id: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirst();
      return row?.language ?? null;
    },

    async find(db: Db, id: number): Promise<{ language: string | null; notifyBeforeAutomaticEnd: boolean }> {
      const row = await db
        .selectFrom('users')
        .select(['language', 'notify_before_automatic_end'])
        .where('id', '=', id)
        .executeTakeFirst();
      return {
        language: row?.language ?? null,
        notifyBeforeAutomaticEnd: readBool(row?.notify_before_automatic_end ?? false),
      };
    },

    async update(
      db: Db,
      id: number,
      changes: { language?: string | null; notifyBeforeAutomaticEnd?: boolean },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          ...(changes.language !== undefined ? { language: changes.language } : {}),
          ...(changes.notifyBeforeAutomaticEnd !== undefined
            ? { notify_before_automatic_end: changes.notifyBeforeAutomaticEnd }
            : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type UserPreferencesRepository = ReturnType<typeof createUserPreferencesRepository>;
