import { type Selectable, sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import { readDate } from '../db/db-values.ts';
import type { DeliveryJobState, DeliveryJobsTable } from '../db/schema.ts';

/** One line of a target's delivery log. */
/** One delivery target: its kind and its id within the kind. */
export type TargetRef = { kind: string; id: string };

export type JobLogEntry = {
  id: number;
  eventId: number | null;
  eventType: string | null;
  state: DeliveryJobState;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  dueAt: Date;
  finishedAt: Date | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long finished jobs stay readable as the delivery log. */
const KEEP_DONE_MS = 7 * DAY_MS;
const KEEP_FAILED_MS = 30 * DAY_MS;
/**
 * 'pending' is written into the SQL, not bound. The partial indexes hold pending jobs only, and
 * SQLite uses one for a bound value only by planning for that value, which then makes it plan
 * the statement again at every run (`perf`: 3 % of the server's CPU in the delivery bench).
 */
export const PENDING = sql.lit('pending' as const);

type JobRow = Selectable<DeliveryJobsTable>;

function toLogEntry(row: JobRow & { event_type: string | null }): JobLogEntry {
  return {
    id: row.id,
    eventId: row.event_id,
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: readDate(row.created_at),
    dueAt: readDate(row.due_at),
    finishedAt: row.finished_at === null ? null : readDate(row.finished_at),
  };
}

/**
 * The statements of the delivery jobs besides claiming and recording (decision 8): the delivery
 * log, pruning, statistics, and what the runner looks up about pending jobs. Part of the job store.
 */
export function createJobUpkeep(deps: { dialect: Dialect }) {
  return {
    /**
     * The kinds of the pending jobs. One index seek per kind (the next kind after the last),
     * not a walk over every pending job: a backlog can be long, the kinds are a handful.
     */
    async pendingKinds(db: Db): Promise<string[]> {
      const kinds: string[] = [];
      for (;;) {
        const row = await db
          .selectFrom('delivery_jobs')
          .select((eb) => eb.fn.min('target_kind').as('kind'))
          .where('state', '=', PENDING)
          .where('target_kind', '>', kinds.at(-1) ?? '')
          .executeTakeFirst();
        if (!row?.kind) return kinds;
        kinds.push(row.kind);
      }
    },

    /**
     * Brings the planner's statistics of the jobs table up to date. PostgreSQL's autovacuum
     * analyzes a table a minute or more after it grew, but a backlog (an outage that ended)
     * appears within seconds, and with stale statistics the claim sorts every pending job
     * instead of walking the oldest ones in order. SQLite's planner needs no statistics here.
     */
    async refreshStatistics(db: Db): Promise<void> {
      if (deps.dialect === 'postgres') await sql`analyze delivery_jobs`.execute(db);
    },

    /**
     * Makes the waiting jobs of these targets due now: a target that is reachable again (a
     * broker that reconnected) need not sit out the rest of its backoff. Leased jobs are left.
     */
    async expedite(db: Db, kind: string, targetIds: string[], now: Date): Promise<number> {
      if (targetIds.length === 0) return 0;
      const result = await db
        .updateTable('delivery_jobs')
        .set({ due_at: now })
        .where('state', '=', PENDING)
        .where('target_kind', '=', kind)
        .where('target_id', 'in', targetIds)
        .where('due_at', '>', now)
        .where('lease_until', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Whether a target has a pending job not leased by anyone: a recurring action planned already. */
    async hasWaiting(db: Db, target: TargetRef): Promise<boolean> {
      const row = await db
        .selectFrom('delivery_jobs')
        .select('id')
        .where('state', '=', PENDING)
        .where('target_kind', '=', target.kind)
        .where('target_id', '=', target.id)
        .where('lease_until', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** When the earliest pending job without a lease is due, to wake up for a short backoff. */
    async nextDueAt(db: Db): Promise<Date | undefined> {
      const row = await db
        .selectFrom('delivery_jobs')
        .select((eb) => eb.fn.min('due_at').as('due'))
        .where('state', '=', PENDING)
        .where('lease_until', 'is', null)
        .executeTakeFirst();
      return row?.due ? readDate(row.due) : undefined;
    },

    /** A target's jobs, newest first: the delivery log of the integration screens. */
    async log(db: Db, target: TargetRef, limit: number): Promise<JobLogEntry[]> {
      const rows = await db
        .selectFrom('delivery_jobs')
        .leftJoin('outbox_events', 'outbox_events.id', 'delivery_jobs.event_id')
        .selectAll('delivery_jobs')
        .select('outbox_events.type as event_type')
        .where('delivery_jobs.target_kind', '=', target.kind)
        .where('delivery_jobs.target_id', '=', target.id)
        .orderBy('delivery_jobs.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toLogEntry);
    },

    /** Forgets finished jobs past their keeping time, then events no job refers to any more. */
    async prune(db: Db, now: Date, keepEventsBefore: Date): Promise<void> {
      await db
        .deleteFrom('delivery_jobs')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('state', '=', 'done'),
              eb('finished_at', '<', new Date(now.getTime() - KEEP_DONE_MS)),
            ]),
            eb.and([
              eb('state', '=', 'failed'),
              eb('finished_at', '<', new Date(now.getTime() - KEEP_FAILED_MS)),
            ]),
          ]),
        )
        .execute();
      await db
        .deleteFrom('outbox_events')
        .where('occurred_at', '<', keepEventsBefore)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('delivery_jobs')
                .select('delivery_jobs.id')
                .whereRef('delivery_jobs.event_id', '=', 'outbox_events.id'),
            ),
          ),
        )
        .execute();
    },
  };
}
