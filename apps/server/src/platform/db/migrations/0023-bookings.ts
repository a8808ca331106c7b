import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.ts';
import { columnTypes } from './column-types.ts';

/**
 * Bookings and blocks of bookable resources, the members' secret iCal feeds and the webhooks'
 * switch for booking events (decision 23). A cancelled or released (no-show) booking keeps its
 * row with the time it ended; only live ones (neither) hold their time. On PostgreSQL an
 * exclusion constraint keeps two live bookings of one resource from overlapping whatever the
 * requests race; SQLite has one writer, and the service checks and inserts in one transaction.
 */
export function bookingsMigration(dialect: Dialect) {
  const t = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bookings')
        .addColumn('id', t.id, t.primaryId)
        .addColumn('resource_id', 'integer', (c) =>
          c.notNull().references('resources.id').onDelete('cascade'),
        )
        // Null for a block; a deleted member's bookings go with the account.
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('booking', 'block')`))
        .addColumn('start_at', t.timestamp, (c) => c.notNull())
        .addColumn('end_at', t.timestamp, (c) => c.notNull())
        .addColumn('created_by_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .addColumn('started_at', t.timestamp)
        .addColumn('no_show_at', t.timestamp)
        .addColumn('cancelled_at', t.timestamp)
        .addCheckConstraint('bookings_end_after_start', sql`end_at > start_at`)
        .addCheckConstraint(
          'bookings_holder_of_kind',
          sql`(kind = 'block' and user_id is null) or (kind = 'booking')`,
        )
        .execute();
      // A calendar reads one resource's range; "My bookings" and the weekly hours one member's.
      await db.schema
        .createIndex('bookings_resource_start')
        .on('bookings')
        .columns(['resource_id', 'start_at'])
        .execute();
      await db.schema
        .createIndex('bookings_user_start')
        .on('bookings')
        .columns(['user_id', 'start_at'])
        .execute();
      if (dialect === 'postgres') {
        // Range types have GiST operator classes built in: no extension (btree_gist) needed.
        await sql`
          alter table bookings add constraint bookings_no_overlap exclude using gist (
            int4range(resource_id, resource_id, '[]') with =,
            tstzrange(start_at, end_at) with &&
          ) where (cancelled_at is null and no_show_at is null)
        `.execute(db);
      }

      await db.schema
        .createTable('ical_feeds')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        // The feed's address is found by the token's hash; the token itself is sealed under
        // SECRET_KEY so the member can be shown the address again.
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('token_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', t.timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .alterTable('webhooks')
        .addColumn('send_on_booking', t.boolean, (c) => c.notNull().defaultTo(t.falseValue))
        .execute();
    },
  };
}
