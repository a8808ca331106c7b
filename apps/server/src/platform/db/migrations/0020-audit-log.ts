import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * The audit log (issue 32, decision 22): one row per administrative change, written in the
 * change's transaction. The actor's id and username are copied, not referenced: an entry keeps
 * saying who it was after the account is deleted. `changes` is JSON text on both dialects.
 */
export function auditLogMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('at', t.timestamp, (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_username', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'text', (c) => c.notNull())
        .addColumn('target_name', 'text', (c) => c.notNull())
        .addColumn('changes', 'text', (c) => c.notNull())
        .execute();
      // Newest first, and the retention's range delete.
      await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
      await db.schema
        .createIndex('audit_log_target')
        .on('audit_log')
        .columns(['target_type', 'target_id', 'at'])
        .execute();
      await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor_id', 'at']).execute();
    },
  };
}
