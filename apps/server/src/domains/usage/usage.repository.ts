import type { Db } from '../../platform/db/database.ts';
import { readCount, readDate } from '../../platform/db/db-values.ts';
import type { UsageSessionRecord } from './usage-session.ts';

const COLUMNS = [
  'usage_sessions.id',
  'usage_sessions.resource_id',
  'usage_sessions.user_id',
  'usage_sessions.start_time',
  'usage_sessions.end_time',
  'usage_sessions.start_notes',
  'usage_sessions.end_notes',
  'users.username',
] as const;

type Row = {
  id: number;
  resource_id: number;
  user_id: number;
  start_time: Date | string;
  end_time: Date | string | null;
  start_notes: string | null;
  end_notes: string | null;
  username: string;
};

function toRecord(row: Row): UsageSessionRecord {
  return {
    id: row.id,
    resourceId: row.resource_id,
    userId: row.user_id,
    user: { id: row.user_id, username: row.username },
    startTime: readDate(row.start_time),
    endTime: row.end_time === null ? null : readDate(row.end_time),
    startNotes: row.start_notes,
    endNotes: row.end_notes,
  };
}

export function createUsageRepository() {
  const withUser = (db: Db) =>
    db.selectFrom('usage_sessions').innerJoin('users', 'users.id', 'usage_sessions.user_id').select(COLUMNS);

  return {
    async findById(db: Db, id: number): Promise<UsageSessionRecord | undefined> {
      const row = await withUser(db).where('usage_sessions.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    async findActiveForResource(db: Db, resourceId: number): Promise<UsageSessionRecord | undefined> {
      const row = await withUser(db)
        .where('usage_sessions.resource_id', '=', resourceId)
        .where('usage_sessions.end_time', 'is', null)
        .executeTakeFirst();
      return row && toRecord(row);
    },

    async listActive(db: Db): Promise<UsageSessionRecord[]> {
      const rows = await withUser(db)
        .where('usage_sessions.end_time', 'is', null)
        .orderBy('usage_sessions.resource_id')
        .execute();
      return rows.map(toRecord);
    },

    async activeResourceIdsOf(db: Db, userId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('usage_sessions')
        .select('resource_id')
        .where('user_id', '=', userId)
        .where('end_time', 'is', null)
        .execute();
      return rows.map((row) => row.resource_id);
    },

    /**
     * Starts a session. The partial unique index refuses a second running session on the
     * resource; callers turn that violation into a 409.
     */
    async start(
      db: Db,
      session: { resourceId: number; userId: number; startTime: Date; notes: string | null },
    ): Promise<number> {
      const row = await db
        .insertInto('usage_sessions')
        .values({
          resource_id: session.resourceId,
          user_id: session.userId,
          start_time: session.startTime,
          end_time: null,
          start_notes: session.notes,
          end_notes: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Ends a running session. The `end_time is null` guard is part of the UPDATE, so when two
     * requests race to end (or take over) the same session only one changes a row.
     */
    async end(db: Db, id: number, endTime: Date, notes: string | null): Promise<boolean> {
      const result = await db
        .updateTable('usage_sessions')
        .set({ end_time: endTime, end_notes: notes })
        .where('id', '=', id)
        .where('end_time', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Newest first; optionally one user's sessions only. */
    async history(
      db: Db,
      resourceId: number,
      query: { page: number; limit: number; userId?: number | undefined },
    ): Promise<{ data: UsageSessionRecord[]; total: number }> {
      let count = db
        .selectFrom('usage_sessions')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('resource_id', '=', resourceId);
      let rows = withUser(db).where('usage_sessions.resource_id', '=', resourceId);
      if (query.userId !== undefined) {
        count = count.where('user_id', '=', query.userId);
        rows = rows.where('usage_sessions.user_id', '=', query.userId);
      }
      const [data, total] = await Promise.all([
        rows
          .orderBy('usage_sessions.start_time', 'desc')
          .orderBy('usage_sessions.id', 'desc')
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        count.executeTakeFirst(),
      ]);
      return { data: data.map(toRecord), total: readCount(total?.count as number | undefined) };
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
