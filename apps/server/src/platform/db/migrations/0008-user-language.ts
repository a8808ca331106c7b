import type { Kysely } from 'kysely';

/** The interface language an account chose (issue 13); empty means "as the browser says". */
export function userLanguageMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('language', 'text').execute();
    },
  };
}
