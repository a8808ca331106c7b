import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

export function accountsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('username', 'text', (c) => c.notNull())
        // Lower-cased copies make uniqueness and look-ups case-insensitive the same way on both
        // dialects (SQLite's lower() only folds ASCII).
        .addColumn('username_key', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_key', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text')
        .addColumn('external_identifier', 'text')
        .addColumn('is_email_verified', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('can_manage_resources', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('can_manage_system_configuration', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('can_manage_users', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('auth_sessions')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_sessions_user_id').on('auth_sessions').column('user_id').execute();

      await db.schema
        .createTable('user_tokens')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('new_email', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('expires_at', t.timestamp, (c) => c.notNull())
        .addColumn('used_at', t.timestamp)
        .execute();
      await db.schema
        .createIndex('user_tokens_user_purpose')
        .on('user_tokens')
        .columns(['user_id', 'purpose'])
        .execute();

      await db.schema
        .createTable('email_templates')
        .addColumn('type', 'text', (c) => c.primaryKey())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('mail_queue')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('html', 'text', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
        .addColumn('locked_until', t.timestamp)
        .addColumn('last_error', 'text')
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_queue_due').on('mail_queue').column('next_attempt_at').execute();
    },
  };
}
