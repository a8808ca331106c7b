import type { BookingMode, UserRef } from '@toolpass/contracts';
import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { readBool, readCount, readDate } from '../../platform/db/db-values.ts';
import { reusableQuery } from '../../platform/db/reusable-query.ts';
import type { Database } from '../../platform/db/schema.ts';
import type { UsageSessionRecord } from './usage-session.ts';

const COLUMNS = [
  'usage_sessions.id',
  'usage_sessions.resource_id',
  'usage_sessions.user_id',
  'usage_sessions.start_time',
  'usage_sessions.end_time',
  'usage_sessions.start_notes',
  'usage_sessions.end_notes',
  'usage_sessions.ended_by_user_id',
  'users.username',
  'enders.username as ended_by_username',
] as const;

const SESSION_COLUMNS = [
  'id',
  'resource_id',
  'user_id',
  'start_time',
  'end_time',
  'start_notes',
  'end_notes',
  'ended_by_user_id',
] as const;

type SessionRow = {
  id: number;
  resource_id: number;
  user_id: number;
  start_time: Date | string;
  end_time: Date | string | null;
  start_notes: string | null;
  end_notes: string | null;
  ended_by_user_id: number | null;
};

type Row = SessionRow & { username: string; ended_by_username: string | null };

function toRecord(row: SessionRow, user: UserRef, endedBy: UserRef | null): UsageSessionRecord {
  return {
    id: row.id,
    resourceId: row.resource_id,
    userId: row.user_id,
    user: { id: user.id, username: user.username },
    startTime: readDate(row.start_time),
    endTime: row.end_time === null ? null : readDate(row.end_time),
    startNotes: row.start_notes,
    endNotes: row.end_notes,
    endedBy,
  };
}

const withUser = (row: Row) =>
  toRecord(
    row,
    { id: row.user_id, username: row.username },
    row.ended_by_user_id === null || row.ended_by_username === null
      ? null
      : { id: row.ended_by_user_id, username: row.ended_by_username },
  );

/**
 * The resource as a session start or end needs it: whether it exists, its name and takeover
 * rule, its running session and that session user's external identifier (for the events).
 */
export type ResourceUsageState = {
  resourceName: string;
  allowTakeOver: boolean;
  active: UsageSessionRecord | undefined;
  activeUserExternalIdentifier: string | null;
  /** A session ends automatically after this many minutes (decision 21). */
  maxSessionMinutes: number | null;
  /** Set while the resource is out of order: nobody may start it. */
  outOfOrderReason: string | null;
  /** Walk-up resources skip the booking and wait-list guards without a query (decision 23). */
  bookingMode: BookingMode;
};

type StateRow = {
  allow_take_over: boolean | number;
  booking_mode: BookingMode;
  max_session_minutes: number | null;
  out_of_order_reason: string | null;
  resource_name: string;
  user_external_identifier: string | null;
} & {
  [K in keyof Row]: Row[K] | null;
};

/** True for resources with a running session of the user, for a query over `resources`. */
export function inUseByCondition(userId: number): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'resources'>();
  return eb(
    'resources.id',
    'in',
    eb
      .selectFrom('usage_sessions')
      .select('usage_sessions.resource_id')
      .where('usage_sessions.user_id', '=', userId)
      .where('usage_sessions.end_time', 'is', null),
  );
}

export function createUsageRepository(deps: { db: Db }) {
  const withUsers = (db: Db) =>
    db
      .selectFrom('usage_sessions')
      .innerJoin('users', 'users.id', 'usage_sessions.user_id')
      .leftJoin('users as enders', 'enders.id', 'usage_sessions.ended_by_user_id')
      .select(COLUMNS);

  // The statements of every start, end and session poll are compiled once (reusable-query.ts).
  // The resource row comes along so that a missing resource needs no query of its own.
  const selectState = reusableQuery<Database, { resourceId: number }, StateRow>(
    deps.db,
    ['resourceId'],
    (db, p) =>
      db
        .selectFrom('resources')
        .leftJoin('usage_sessions', (join) =>
          join
            .onRef('usage_sessions.resource_id', '=', 'resources.id')
            .on('usage_sessions.end_time', 'is', null),
        )
        .leftJoin('users', 'users.id', 'usage_sessions.user_id')
        .leftJoin('users as enders', 'enders.id', 'usage_sessions.ended_by_user_id')
        .select([
          'resources.allow_take_over',
          'resources.max_session_minutes',
          'resources.out_of_order_reason',
          'resources.booking_mode',
          'resources.name as resource_name',
          'users.external_identifier as user_external_identifier',
          ...COLUMNS,
        ])
        .where('resources.id', '=', p.resourceId),
  );

  const insertSession = reusableQuery<
    Database,
    { resourceId: number; userId: number; startTime: Date; notes: string | null },
    SessionRow
  >(deps.db, ['resourceId', 'userId', 'startTime', 'notes'], (db, p) =>
    db
      .insertInto('usage_sessions')
      .values({ resource_id: p.resourceId, user_id: p.userId, start_time: p.startTime, start_notes: p.notes })
      .returning(SESSION_COLUMNS),
  );

  const endSession = reusableQuery<
    Database,
    { id: number; endTime: Date; notes: string | null; endedBy: number | null },
    SessionRow
  >(deps.db, ['id', 'endTime', 'notes', 'endedBy'], (db, p) =>
    db
      .updateTable('usage_sessions')
      .set({ end_time: p.endTime, end_notes: p.notes, ended_by_user_id: p.endedBy })
      .where('id', '=', p.id)
      .where('end_time', 'is', null)
      .returning(SESSION_COLUMNS),
  );

  // One page statement per page size, compiled on first use: see the resource list for why the
  // LIMIT is a literal.
  type PageStatement = (
    db: Db,
    values: { resourceId: number; userId: number; offset: number },
  ) => Promise<Row[]>;
  const pageStatements = new Map<string, PageStatement>();
  function historyPage(mine: boolean, limit: number): PageStatement {
    const key = `${mine}${limit}`;
    let statement = pageStatements.get(key);
    if (!statement) {
      statement = reusableQuery<Database, { resourceId: number; userId: number; offset: number }, Row>(
        deps.db,
        mine ? ['resourceId', 'userId', 'offset'] : ['resourceId', 'offset'],
        (db, p) => {
          let rows = withUsers(db).where('usage_sessions.resource_id', '=', p.resourceId);
          if (mine) rows = rows.where('usage_sessions.user_id', '=', p.userId);
          return rows
            .orderBy('usage_sessions.start_time', 'desc')
            .orderBy('usage_sessions.id', 'desc')
            .limit(sql.lit(limit))
            .offset(p.offset);
        },
      );
      pageStatements.set(key, statement);
    }
    return statement;
  }
  const historyCount = (mine: boolean) =>
    reusableQuery<
      Database,
      { resourceId: number; userId: number },
      { total: number | string | bigint; found: boolean | number }
    >(deps.db, mine ? ['resourceId', 'userId'] : ['resourceId'], (db, p) =>
      db.selectNoFrom((eb) => [
        eb
          .selectFrom('usage_sessions')
          .select((inner) => inner.fn.countAll().as('total'))
          .where('resource_id', '=', p.resourceId)
          .$if(mine, (query) => query.where('user_id', '=', p.userId))
          .as('total'),
        eb.exists(eb.selectFrom('resources').select('id').where('id', '=', p.resourceId)).as('found'),
      ]),
    );
  const historyCounts = { all: historyCount(false), mine: historyCount(true) };

  return {
    /** Undefined when the resource does not exist. */
    async findResourceState(db: Db, resourceId: number): Promise<ResourceUsageState | undefined> {
      const [row] = await selectState(db, { resourceId });
      if (!row) return undefined;
      return {
        resourceName: row.resource_name,
        allowTakeOver: readBool(row.allow_take_over),
        active: row.id === null ? undefined : withUser(row as Row),
        activeUserExternalIdentifier: row.user_external_identifier,
        maxSessionMinutes: row.max_session_minutes,
        outOfOrderReason: row.out_of_order_reason,
        bookingMode: row.booking_mode,
      };
    },

    /** Sessions running now on every resource (metrics). */
    async countActive(db: Db): Promise<number> {
      const row = await db
        .selectFrom('usage_sessions')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('end_time', 'is', null)
        .executeTakeFirst();
      return readCount(row?.count);
    },

    async listActive(db: Db): Promise<UsageSessionRecord[]> {
      const rows = await withUsers(db)
        .where('usage_sessions.end_time', 'is', null)
        .orderBy('usage_sessions.resource_id')
        .execute();
      return rows.map(withUser);
    },

    /**
     * Starts a session. The partial unique index refuses a second running session on the
     * resource; callers turn that violation into a 409.
     */
    async start(
      db: Db,
      session: { resourceId: number; user: UserRef; startTime: Date; notes: string | null },
    ): Promise<UsageSessionRecord> {
      const [row] = await insertSession(db, {
        resourceId: session.resourceId,
        userId: session.user.id,
        startTime: session.startTime,
        notes: session.notes,
      });
      if (!row) throw new Error('Inserting a usage session returned no row');
      return toRecord(row, session.user, null);
    },

    /**
     * Ends a running session; undefined when it was no longer running. The `end_time is null`
     * guard is part of the UPDATE, so when two requests race to end (or take over) the same
     * session only one changes a row. `endedBy` is whoever ended it: its user, a manager or an
     * introducer, or the one who took it over.
     */
    async end(
      db: Db,
      session: UsageSessionRecord,
      endTime: Date,
      notes: string | null,
      /** Who ended it; null for an automatic end (decision 21). */
      endedBy: UserRef | null,
    ): Promise<UsageSessionRecord | undefined> {
      const [row] = await endSession(db, { id: session.id, endTime, notes, endedBy: endedBy?.id ?? null });
      return row && toRecord(row, session.user, endedBy && { id: endedBy.id, username: endedBy.username });
    },

    /** Newest first; optionally one user's sessions only. Undefined when the resource does not exist. */
    async history(
      db: Db,
      resourceId: number,
      query: { page: number; limit: number; userId?: number | undefined },
    ): Promise<{ data: UsageSessionRecord[]; total: number } | undefined> {
      const userId = query.userId ?? 0;
      const mine = query.userId !== undefined;
      const [counted] = await historyCounts[mine ? 'mine' : 'all'](db, { resourceId, userId });
      if (!counted || !readBool(counted.found)) return undefined;
      const total = readCount(counted.total);
      const offset = (query.page - 1) * query.limit;
      // A page past the end needs no second query.
      const rows =
        offset >= total ? [] : await historyPage(mine, query.limit)(db, { resourceId, userId, offset });
      return { data: rows.map(withUser), total };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
