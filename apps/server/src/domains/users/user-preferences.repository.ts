import type { Db } from '../../platform/db/database.ts';

/** The account's own settings kept on its `users` row (today the interface language). */
export function createUserPreferencesRepository() {
  return {
    async findLanguage(db: Db, id: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('language').where('id', '=', id).executeTakeFirst();
      return row?.language ?? null;
    },

    async updateLanguage(db: Db, id: number, language: string | null, now: Date): Promise<void> {
      await db.updateTable('users').set({ language, updated_at: now }).where('id', '=', id).execute();
    },
  };
}

export type UserPreferencesRepository = ReturnType<typeof createUserPreferencesRepository>;
