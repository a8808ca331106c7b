import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * NFC readers (FABReader) and enrolled NFC cards (spec 02 §3, the readers design). A reader's key
 * is stored only as the output of the 'reader-key' secret box, never in clear. Readers waiting
 * for approval are not rows: they live with their socket, and a pairing code dies with it.
 *
 * `connection_id` names the socket (on whichever instance) that authenticated last and
 * `seen_at` when it last answered; the reader counts as connected while both say so, so every
 * instance lists the same state and a crashed instance's readers go stale instead of staying
 * connected forever.
 */
export function readersMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('readers')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('device_id', 'text', (c) => c.notNull())
        .addColumn('firmware', 'text', (c) => c.notNull())
        .addColumn('key_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('updated_at', t.timestamp, (c) => c.notNull())
        .addColumn('last_connection_at', t.timestamp)
        .addColumn('connection_id', 'text')
        .addColumn('seen_at', t.timestamp)
        .execute();

      await db.schema
        .createTable('reader_resources')
        .addColumn('reader_id', 'integer', (c) => c.notNull().references('readers.id').onDelete('cascade'))
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        .addPrimaryKeyConstraint('reader_resources_pk', ['reader_id', 'resource_id'])
        .execute();
      // A deleted resource's links go by cascade, which needs this side indexed too.
      await db.schema
        .createIndex('reader_resources_resource')
        .on('reader_resources')
        .column('resource_id')
        .execute();

      await db.schema
        .createTable('nfc_cards')
        .addColumn('id', t.id, t.primaryId)
        // Stored lower-cased (the check keeps every writer to it), so the unique constraint is
        // case-insensitive on both dialects; UIDs are hex, which SQLite's lower() folds.
        .addColumn('uid', 'text', (c) => c.notNull().unique().check(sql`uid = lower(uid)`))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('key_version', 'integer', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('nfc_cards_user').on('nfc_cards').columns(['user_id', 'id']).execute();
    },
  };
}
