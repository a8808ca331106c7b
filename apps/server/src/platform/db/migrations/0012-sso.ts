import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Single sign-on (issue 17, decision 14): providers, the identities they vouched for, and the
 * short-lived pending links a sign-on leaves when its email belongs to an existing account.
 * The client secret column holds only values sealed by the 'sso-client-secret' secret box.
 */
export function ssoMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sso_providers')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('authorization_url', 'text', (c) => c.notNull())
        .addColumn('token_url', 'text', (c) => c.notNull())
        .addColumn('userinfo_url', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('client_secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      // One account per subject of a provider, and one subject of a provider per account.
      await db.schema
        .createTable('sso_identities')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('provider_id', 'integer', (c) =>
          c.notNull().references('sso_providers.id').onDelete('cascade'),
        )
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addUniqueConstraint('sso_identities_provider_subject', ['provider_id', 'subject'])
        .addUniqueConstraint('sso_identities_provider_user', ['provider_id', 'user_id'])
        .execute();
      await db.schema.createIndex('sso_identities_user').on('sso_identities').column('user_id').execute();

      await db.schema
        .createTable('sso_pending_links')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('provider_id', 'integer', (c) =>
          c.notNull().references('sso_providers.id').onDelete('cascade'),
        )
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sso_pending_links_expires')
        .on('sso_pending_links')
        .column('expires_at')
        .execute();
    },
  };
}
