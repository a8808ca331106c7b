import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The single-use codes a finished sign-on hands the browser instead of a session token (issue
 * 26, decision 14): only their SHA-256 is stored, and a code is taken by deleting its row, so two
 * instances on one database agree on who took it. A code is bound to the browser that came back
 * from the provider by a second random value, sent to that browser in a cookie.
 */
export function ssoSignOnCodesMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sso_sign_on_codes')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('code_hash', 'text', (c) => c.notNull().unique())
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sso_sign_on_codes_expires')
        .on('sso_sign_on_codes')
        .column('expires_at')
        .execute();
    },
  };
}
