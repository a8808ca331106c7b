import { type Kysely, sql } from 'kysely';

/**
 * How a resource is booked (decision 23): walk-up only, bookable, or run by a wait list, and
 * the rules of bookable ones. The bookings and the wait list have tables of their own.
 */
export function bookingSettingsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('resources')
        .addColumn('booking_mode', 'text', (c) =>
          c.notNull().defaultTo('walk-up').check(sql`booking_mode in ('walk-up', 'bookable', 'wait-list')`),
        )
        .execute();
      for (const column of [
        'booking_slot_minutes',
        'booking_min_minutes',
        'booking_max_minutes',
        'booking_horizon_days',
        'booking_max_hours_per_week',
      ]) {
        await db.schema.alterTable('resources').addColumn(column, 'integer').execute();
      }
    },
  };
}
