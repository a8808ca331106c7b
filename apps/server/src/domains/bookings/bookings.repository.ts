import type { BookingKind, BookingMode } from '@toolpass/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readDate } from '../../platform/db/db-values.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database } from '../../platform/db/schema.ts';

/** A booking as the service works with it. */
export type BookingRecord = {
  id: number;
  resourceId: number;
  resourceName: string;
  userId: number | null;
  username: string | null;
  kind: BookingKind;
  start: Date;
  end: Date;
  startedAt: Date | null;
  noShowAt: Date | null;
  cancelledAt: Date | null;
};

/** The booking rules of a resource (migration 0022). */
export type ResourceBookingRules = {
  name: string;
  bookingMode: BookingMode;
  slotMinutes: number | null;
  minMinutes: number | null;
  maxMinutes: number | null;
  horizonDays: number | null;
  maxHoursPerWeek: number | null;
};

type Eb = ExpressionBuilder<Database, 'bookings'>;
/** Live: neither cancelled nor released as a no-show; only live bookings hold their time. */
const live = (eb: Eb) =>
  eb.and([eb('bookings.cancelled_at', 'is', null), eb('bookings.no_show_at', 'is', null)]);

const COLUMNS = [
  'bookings.id',
  'bookings.resource_id',
  'bookings.user_id',
  'bookings.kind',
  'bookings.start_at',
  'bookings.end_at',
  'bookings.started_at',
  'bookings.no_show_at',
  'bookings.cancelled_at',
  'users.username',
  'resources.name as resource_name',
] as const;

type Row = {
  id: number;
  resource_id: number;
  user_id: number | null;
  kind: BookingKind;
  start_at: Date | string;
  end_at: Date | string;
  started_at: Date | string | null;
  no_show_at: Date | string | null;
  cancelled_at: Date | string | null;
  username: string | null;
  resource_name: string;
};

type AroundRow = Pick<Row, 'id' | 'user_id' | 'kind' | 'start_at' | 'end_at'>;

const optionalDate = (value: Date | string | null) => (value === null ? null : readDate(value));

function toRecord(row: Row): BookingRecord {
  return {
    id: row.id,
    resourceId: row.resource_id,
    resourceName: row.resource_name,
    userId: row.user_id,
    username: row.username,
    kind: row.kind,
    start: readDate(row.start_at),
    end: readDate(row.end_at),
    startedAt: optionalDate(row.started_at),
    noShowAt: optionalDate(row.no_show_at),
    cancelledAt: optionalDate(row.cancelled_at),
  };
}

const selectBookings = (db: Db) =>
  db
    .selectFrom('bookings')
    .innerJoin('resources', 'resources.id', 'bookings.resource_id')
    .leftJoin('users', 'users.id', 'bookings.user_id')
    .select(COLUMNS);

/** The only SQL of bookings and iCal feeds. */
export function createBookingsRepository(deps: { db: Db }) {
  const selectAround = reusableQuery<Database, { resourceId: number; at: Date; before: Date }, AroundRow>(
    deps.db,
    ['resourceId', 'at', 'before'],
    (db, p) =>
      db
        .selectFrom('bookings')
        .select(['id', 'user_id', 'kind', 'start_at', 'end_at'])
        .where('resource_id', '=', p.resourceId)
        .where('end_at', '>', p.at)
        .where('start_at', '<', p.before)
        .where(live)
        .orderBy('start_at')
        .limit(sql.lit(2)),
  );
  return {
    async rules(db: Db, resourceId: number): Promise<ResourceBookingRules | undefined> {
      const row = await db
        .selectFrom('resources')
        .select([
          'name',
          'booking_mode',
          'booking_slot_minutes',
          'booking_min_minutes',
          'booking_max_minutes',
          'booking_horizon_days',
          'booking_max_hours_per_week',
        ])
        .where('id', '=', resourceId)
        .executeTakeFirst();
      return (
        row && {
          name: row.name,
          bookingMode: row.booking_mode,
          slotMinutes: row.booking_slot_minutes,
          minMinutes: row.booking_min_minutes,
          maxMinutes: row.booking_max_minutes,
          horizonDays: row.booking_horizon_days,
          maxHoursPerWeek: row.booking_max_hours_per_week,
        }
      );
    },

    async findById(db: Db, id: number): Promise<BookingRecord | undefined> {
      const row = await selectBookings(db).where('bookings.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /** Whether a live booking of the resource overlaps [start, end), other than `exceptId`. */
    async overlaps(db: Db, resourceId: number, start: Date, end: Date, exceptId?: number): Promise<boolean> {
      let query = db
        .selectFrom('bookings')
        .select('id')
        .where('resource_id', '=', resourceId)
        .where('start_at', '<', end)
        .where('end_at', '>', start)
        .where(live);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    /** The member's live bookings of the resource that touch [from, to), for the weekly hours. */
    async memberSpans(db: Db, resourceId: number, userId: number, from: Date, to: Date, exceptId?: number) {
      let query = db
        .selectFrom('bookings')
        .select(['start_at', 'end_at'])
        .where('resource_id', '=', resourceId)
        .where('user_id', '=', userId)
        .where('kind', '=', 'booking')
        .where('start_at', '<', to)
        .where('end_at', '>', from)
        .where(live);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      const rows = await query.execute();
      return rows.map((row) => ({ start: readDate(row.start_at), end: readDate(row.end_at) }));
    },

    async insert(
      db: Db,
      booking: { resourceId: number; userId: number | null; kind: BookingKind; start: Date; end: Date },
      createdBy: number,
      now: Date,
    ): Promise<number> {
      const row = await db
        .insertInto('bookings')
        .values({
          resource_id: booking.resourceId,
          user_id: booking.userId,
          kind: booking.kind,
          start_at: booking.start,
          end_at: booking.end,
          created_by_user_id: createdBy,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async move(db: Db, id: number, start: Date, end: Date): Promise<void> {
      await db.updateTable('bookings').set({ start_at: start, end_at: end }).where('id', '=', id).execute();
    },

    /** Ends a live booking's hold: cancelled or a no-show. False when it was no longer live. */
    async release(db: Db, id: number, how: 'cancelled_at' | 'no_show_at', at: Date): Promise<boolean> {
      const result = await db
        .updateTable('bookings')
        .set({ [how]: at })
        .where('id', '=', id)
        .where(live)
        .$if(how === 'no_show_at', (q) => q.where('started_at', 'is', null))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Marks the booking begun by its holder; false when it already was (or is not live). */
    async markStarted(db: Db, id: number, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('bookings')
        .set({ started_at: at })
        .where('id', '=', id)
        .where('started_at', 'is', null)
        .where(live)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Live bookings of a resource that touch [from, to), in order. */
    async inRange(db: Db, resourceId: number, from: Date, to: Date): Promise<BookingRecord[]> {
      const rows = await selectBookings(db)
        .where('bookings.resource_id', '=', resourceId)
        .where('bookings.start_at', '<', to)
        .where('bookings.end_at', '>', from)
        .where(live)
        .orderBy('bookings.start_at')
        .execute();
      return rows.map(toRecord);
    },

    /** The member's live bookings that have not ended at `from`, in order. */
    async ofMember(db: Db, userId: number, from: Date, limit = 500): Promise<BookingRecord[]> {
      const rows = await selectBookings(db)
        .where('bookings.user_id', '=', userId)
        .where('bookings.end_at', '>', from)
        .where(live)
        .orderBy('bookings.start_at')
        .limit(limit)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * The live bookings of a resource that have not ended at `at` and begin before `before`, at
     * most two (the current one and the next): what a start on a bookable resource looks at. It
     * runs in every such start's transaction, so it is compiled once and reads no join.
     */
    async around(db: Db, resourceId: number, at: Date, before: Date) {
      const rows = await selectAround(db, { resourceId, at, before });
      return rows.map((row) => ({
        id: row.id,
        userId: row.user_id,
        kind: row.kind,
        start: readDate(row.start_at),
        end: readDate(row.end_at),
      }));
    },

    async feedOf(db: Db, userId: number): Promise<string | undefined> {
      const row = await db
        .selectFrom('ical_feeds')
        .select('token_sealed')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.token_sealed;
    },

    /** Sets the member's feed token, replacing the old one (which stops working). */
    async setFeed(db: Db, userId: number, tokenHash: string, tokenSealed: string, now: Date): Promise<void> {
      await db
        .insertInto('ical_feeds')
        .values({ user_id: userId, token_hash: tokenHash, token_sealed: tokenSealed, created_at: now })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ token_hash: tokenHash, token_sealed: tokenSealed, created_at: now }),
        )
        .execute();
    },

    async feedOwner(db: Db, tokenHash: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('ical_feeds')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
