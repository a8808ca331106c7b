import type { Db } from '../../platform/db/database.ts';

export function createEmailTemplatesRepository() {
  return {
    async findAll(db: Db) {
      return db.selectFrom('email_templates').select(['type', 'subject', 'body']).execute();
    },
    async findByType(db: Db, type: string) {
      return db
        .selectFrom('email_templates')
        .select(['type', 'subject', 'body'])
        .where('type', '=', type)
        .executeTakeFirst();
    },
    /** Adds a template only where none exists, so an edited template is never overwritten. */
    async insertMissing(db: Db, type: string, subject: string, body: string, now: Date) {
      await db
        .insertInto('email_templates')
        .values({ type, subject, body, updated_at: now })
        .onConflict((oc) => oc.column('type').doNothing())
        .execute();
    },
    /** Writes the whole template, adding its row if it is missing. */
    async save(db: Db, type: string, subject: string, body: string, now: Date) {
      await db
        .insertInto('email_templates')
        .values({ type, subject, body, updated_at: now })
        .onConflict((oc) => oc.column('type').doUpdateSet({ subject, body, updated_at: now }))
        .execute();
    },
  };
}

export type EmailTemplatesRepository = ReturnType<typeof createEmailTemplatesRepository>;
