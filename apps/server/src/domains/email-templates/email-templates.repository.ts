import type { Language } from '@toolpass/contracts';
import type { Db } from '../../platform/db/database.ts';

const COLUMNS = ['type', 'subject', 'body'] as const;

/** The saved templates, one row per type and language (decision 19). */
export function createEmailTemplatesRepository() {
  return {
    async findAll(db: Db, language: Language) {
      return db.selectFrom('email_templates').select(COLUMNS).where('language', '=', language).execute();
    },
    async find(db: Db, type: string, language: Language) {
      return db
        .selectFrom('email_templates')
        .select(COLUMNS)
        .where('type', '=', type)
        .where('language', '=', language)
        .executeTakeFirst();
    },
    /** Adds a template only where none exists, so an edited template is never overwritten. */
    async insertMissing(db: Db, type: string, language: Language, subject: string, body: string, now: Date) {
      await db
        .insertInto('email_templates')
        .values({ type, language, subject, body, updated_at: now })
        .onConflict((oc) => oc.columns(['type', 'language']).doNothing())
        .execute();
    },
    /** Writes the whole template, adding its row if it is missing. */
    async save(db: Db, type: string, language: Language, subject: string, body: string, now: Date) {
      await db
        .insertInto('email_templates')
        .values({ type, language, subject, body, updated_at: now })
        .onConflict((oc) => oc.columns(['type', 'language']).doUpdateSet({ subject, body, updated_at: now }))
        .execute();
    },
  };
}

export type EmailTemplatesRepository = ReturnType<typeof createEmailTemplatesRepository>;
