import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db, Dialect } from '../../platform/db/database.ts';
import { executeLargeRead } from '../../platform/db/large-read.ts';
import type { Database } from '../../platform/db/schema.ts';

/** A range of the usage data: sessions that overlap [start, end). */
export type UsageRange = { start: Date; end: Date };

/** One session with its resource and user, as the database answers it. */
export type UsageRow = {
  id: number;
  resource_id: number;
  resource_name: string;
  user_id: number;
  username: string;
  start_time: Date | string;
  end_time: Date | string | null;
  start_notes: string | null;
  end_notes: string | null;
};

/** One user's usage of one resource in the range, summed by the database. */
export type UsageSumRow = {
  resource_id: number;
  resource_name: string;
  user_id: number;
  username: string;
  /** A number on SQLite, numeric text on PostgreSQL. */
  minutes: number | string | null;
};

/** Milliseconds of use in the summary's range, per resource, per user or per time bucket. */
export type ResourceHoursRow = { resource_id: number; resource_name: string; ms: number | string };
export type UserHoursRow = { user_id: number; username: string; ms: number | string };
/** `bucket` is the bucket's first instant in epoch milliseconds (numeric text on PostgreSQL). */
export type BucketRow = { bucket: number | string; value: number | string };

/** What the summary reads: the range, `now` for running sessions, the width of a time bucket. */
export type SummaryWindow = UsageRange & { now: Date; bucketMs: number };

/** Where the previous page ended, so the next one starts after it (keyset pagination). */
export type SessionKey = { startTime: Date | string; id: number };
export type GroupKey = { resourceId: number; userId: number };

/**
 * A session overlaps the range when it started before the range ends and had not ended when it
 * began; a running session (no end) overlaps every range after its start.
 */
function overlaps(range: UsageRange): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'usage_sessions'>();
  return eb.and([
    eb('usage_sessions.start_time', '<', range.end),
    eb.or([eb('usage_sessions.end_time', 'is', null), eb('usage_sessions.end_time', '>', range.start)]),
  ]);
}

/**
 * The only SQL of the usage data and the export. Both read in pages from a key instead of one
 * long cursor: the same code on both dialects, memory bounded by the page size, and no
 * connection or SQLite statement held open while a slow client reads the export.
 */
export function createAnalyticsRepository(deps: { dialect: Dialect }) {
  /** Minutes of one session; a running one counts up to `now`. */
  const minutesOf = (now: Date) =>
    deps.dialect === 'postgres'
      ? sql<number>`extract(epoch from (coalesce(usage_sessions.end_time, ${now}) - usage_sessions.start_time)) / 60.0`
      : sql<number>`(julianday(coalesce(usage_sessions.end_time, ${now})) - julianday(usage_sessions.start_time)) * 1440.0`;

  /** Epoch milliseconds of a timestamp column, an integer on both dialects. */
  const epochMs = (column: string) =>
    deps.dialect === 'postgres'
      ? sql`cast(extract(epoch from ${sql.ref(column)}) * 1000 as bigint)`
      : sql`cast(round(unixepoch(${sql.ref(column)}, 'subsec') * 1000) as integer)`;
  const least = deps.dialect === 'postgres' ? sql.raw('least') : sql.raw('min');
  const greatest = deps.dialect === 'postgres' ? sql.raw('greatest') : sql.raw('max');
  const int = (value: number) => sql`cast(${sql.lit(Math.trunc(value))} as bigint)`;

  /**
   * The part of each session inside the range as [a, b) in epoch milliseconds; a running
   * session runs up to `now`. The overlap test uses the start time index; the clipping is
   * arithmetic on integers, the same on both dialects.
   */
  const clipped = (window: SummaryWindow) => sql`clipped as (
    select usage_sessions.resource_id, usage_sessions.user_id,
      ${greatest}(${epochMs('usage_sessions.start_time')}, ${int(window.start.getTime())}) as a,
      ${least}(coalesce(${epochMs('usage_sessions.end_time')}, ${int(window.now.getTime())}), ${int(window.end.getTime())}) as b
    from usage_sessions
    where usage_sessions.start_time < ${window.end}
      and (usage_sessions.end_time is null or usage_sessions.end_time > ${window.start})
  )`;

  /**
   * A time as the text Date#toISOString() gives (SQLite stores it so). PostgreSQL formats it
   * itself rather than answer a Date that the export turns straight back into text.
   */
  const isoText = (column: 'usage_sessions.start_time' | 'usage_sessions.end_time') =>
    deps.dialect === 'postgres'
      ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : sql<string>`${sql.ref(column)}`;

  return {
    /** Milliseconds of use per resource inside the range, most first, then by name. */
    async resourceHours(db: Db, window: SummaryWindow): Promise<ResourceHoursRow[]> {
      const result = await sql<ResourceHoursRow>`with ${clipped(window)}
        select clipped.resource_id, resources.name as resource_name, sum(clipped.b - clipped.a) as ms
        from clipped inner join resources on resources.id = clipped.resource_id
        where clipped.b > clipped.a
        group by clipped.resource_id, resources.name
        order by ms desc, resources.name, clipped.resource_id`.execute(db);
      return result.rows;
    },

    /** The `limit` users with the most use inside the range, most first, then by username. */
    async topUserHours(db: Db, window: SummaryWindow, limit: number): Promise<UserHoursRow[]> {
      const result = await sql<UserHoursRow>`with ${clipped(window)}
        select clipped.user_id, users.username, sum(clipped.b - clipped.a) as ms
        from clipped inner join users on users.id = clipped.user_id
        where clipped.b > clipped.a
        group by clipped.user_id, users.username
        order by ms desc, users.username, clipped.user_id
        limit ${sql.lit(Math.trunc(limit))}`.execute(db);
      return result.rows;
    },

    /**
     * Milliseconds of use inside the range per time bucket (all resources). A recursive CTE
     * cuts each clipped session at the bucket boundaries (epoch-aligned, so UTC hours for a
     * bucket of an hour); the database sums the pieces, at most one row per bucket of the range.
     */
    async occupiedBuckets(db: Db, window: SummaryWindow): Promise<BucketRow[]> {
      const w = int(window.bucketMs);
      const result = await sql<BucketRow>`with recursive ${clipped(window)},
        pieces(a, b) as (
          select a, b from clipped where b > a
          union all
          select (a / ${w} + 1) * ${w}, b from pieces where (a / ${w} + 1) * ${w} < b
        )
        select (a / ${w}) * ${w} as bucket, sum(${least}(b, (a / ${w} + 1) * ${w}) - a) as value
        from pieces
        group by (a / ${w}) * ${w}
        order by bucket`.execute(db);
      return result.rows;
    },

    /** Sessions started inside the range per time bucket. */
    async startBuckets(db: Db, window: SummaryWindow): Promise<BucketRow[]> {
      const w = int(window.bucketMs);
      const bucket = sql`(${epochMs('usage_sessions.start_time')} / ${w}) * ${w}`;
      const result = await sql<BucketRow>`select ${bucket} as bucket, count(*) as value
        from usage_sessions
        where usage_sessions.start_time >= ${window.start} and usage_sessions.start_time < ${window.end}
        group by ${bucket}
        order by bucket`.execute(db);
      return result.rows;
    },

    /** Sessions overlapping the range in start order (then id), the page after `after`. */
    sessionPage(db: Db, range: UsageRange, after: SessionKey | null, limit: number): Promise<UsageRow[]> {
      let query = db
        .selectFrom('usage_sessions')
        .innerJoin('resources', 'resources.id', 'usage_sessions.resource_id')
        .innerJoin('users', 'users.id', 'usage_sessions.user_id')
        .select([
          'usage_sessions.id',
          'usage_sessions.resource_id',
          'resources.name as resource_name',
          'usage_sessions.user_id',
          'users.username',
          isoText('usage_sessions.start_time').as('start_time'),
          isoText('usage_sessions.end_time').as('end_time'),
          'usage_sessions.start_notes',
          'usage_sessions.end_notes',
        ])
        .where(overlaps(range));
      if (after) {
        // Both dialects compare row values and walk the (start_time, id) index from the key.
        const key = after;
        query = query.where((eb) =>
          eb(
            eb.refTuple('usage_sessions.start_time', 'usage_sessions.id'),
            '>',
            eb.tuple(key.startTime as Date, key.id),
          ),
        );
      }
      return executeLargeRead(
        db,
        query.orderBy('usage_sessions.start_time').orderBy('usage_sessions.id').limit(limit),
      ) as Promise<UsageRow[]>;
    },

    /**
     * The summed usage of each user on each resource in the range, ordered by resource and user
     * id, the page after `after`. Sessions count whole (as the ungrouped rows do); running ones
     * up to `now`.
     */
    sumPage(
      db: Db,
      range: UsageRange,
      now: Date,
      after: GroupKey | null,
      limit: number,
    ): Promise<UsageSumRow[]> {
      let query = db
        .selectFrom('usage_sessions')
        .innerJoin('resources', 'resources.id', 'usage_sessions.resource_id')
        .innerJoin('users', 'users.id', 'usage_sessions.user_id')
        .select((eb) => [
          'usage_sessions.resource_id',
          'resources.name as resource_name',
          'usage_sessions.user_id',
          'users.username',
          eb.fn.sum<number | string | null>(minutesOf(now)).as('minutes'),
        ])
        .where(overlaps(range));
      if (after) {
        const key = after;
        query = query.where((eb) =>
          eb(
            eb.refTuple('usage_sessions.resource_id', 'usage_sessions.user_id'),
            '>',
            eb.tuple(key.resourceId, key.userId),
          ),
        );
      }
      return executeLargeRead(
        db,
        query
          .groupBy([
            'usage_sessions.resource_id',
            'resources.name',
            'usage_sessions.user_id',
            'users.username',
          ])
          .orderBy('usage_sessions.resource_id')
          .orderBy('usage_sessions.user_id')
          .limit(limit),
      );
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
