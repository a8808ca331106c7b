import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Each mail template once per interface language (decision 19): the key becomes (type, language).
 * SQLite cannot change a primary key in place, so the table is rebuilt the same way on both
 * dialects. The templates saved so far were English (the only language there was); the German ones
 * are added with their default texts at the next start, like any missing template.
 */
export function emailTemplateLanguagesMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_templates_by_language')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        // Named, since PostgreSQL keeps the old table's key name until that table is gone.
        .addPrimaryKeyConstraint('email_templates_type_language_pk', ['type', 'language'])
        .execute();
      await sql`
        insert into email_templates_by_language (type, language, subject, body, updated_at)
        select type, 'en', subject, body, updated_at from email_templates
      `.execute(db);
      await db.schema.dropTable('email_templates').execute();
      await db.schema.alterTable('email_templates_by_language').renameTo('email_templates').execute();
    },
  };
}
