import { type ExpressionBuilder, sql } from 'kysely';
import type { Db, Dialect } from '../db/database.ts';
import { readDate } from '../db/db-values.ts';
import type { Database, DeliveryJobsTable } from '../db/schema.ts';
import { type OutboxEnvelope, toEnvelope } from '../events/outbox.ts';
import { createJobUpkeep, PENDING, type TargetRef } from './job-upkeep.ts';

/** A job to write: an event for a target, or a payload (a mail) for a target. */
export type NewJob = {
  targetKind: string;
  targetId: string;
  eventId?: number | null;
  /** Jobs of one target about one resource are delivered in id order; null: no order. */
  resourceId?: number | null;
  payload?: unknown;
  /** When it is due; now if absent. A later time makes it a timed action (decision 21). */
  dueAt?: Date;
};

/**
 * The columns of a job row as `insert` writes them, for the statement that writes an event's jobs
 * inside the event's own write on PostgreSQL (pg-event-write.ts), which selects them in this order.
 */
export const JOB_COLUMNS = [
  'event_id',
  'target_kind',
  'target_id',
  'resource_id',
  'payload',
  'due_at',
  'created_at',
] as const;

/** A job taken for delivery, with its event; `attempts` counts this attempt too. */
export type ClaimedJob = {
  /** Stable across retries: receivers use it to drop a job delivered twice. */
  id: number;
  targetKind: string;
  targetId: string;
  resourceId: number | null;
  event: OutboxEnvelope | null;
  payload: unknown;
  attempts: number;
  createdAt: Date;
};

const MAX_ERROR_LENGTH = 2_000;

/** The jobs table under the alias the claim gives it. */
type ClaimScope = Database & { j: DeliveryJobsTable };

/**
 * The only SQL of the delivery jobs (architecture §Events, decision 8), with `job-upkeep.ts`. A
 * job is pending until it is done
 * or has failed for good; while pending it may carry a lease, the time until which a claimer
 * owns it. A claimer that dies leaves its lease to expire, and the job is claimed again.
 */
export function createJobStore(deps: { dialect: Dialect }) {
  /**
   * The kind as the claim filters by it. On SQLite a unary plus keeps the planner from taking
   * the kind's `in` list to an index on target_kind (then sorting every job of those kinds by
   * id) instead of walking the pending jobs in id order up to the LIMIT.
   */
  const kindForFilter =
    deps.dialect === 'sqlite' ? sql<string>`+${sql.ref('j.target_kind')}` : sql.ref<string>('j.target_kind');

  /**
   * On PostgreSQL, OFFSET 0 keeps the earlier-job check a per-row index look-up on all four
   * columns of its order. Without it the planner may turn the check into an anti-join, and with
   * statistics taken while the table was nearly empty (autovacuum analyzes a minute or more after
   * a backlog appeared) it compares every pending job with every other: 98 s for a first claim
   * after 30,000 jobs were queued. SQLite always runs the check per row, and has no OFFSET
   * without LIMIT.
   */
  const keepAsSubPlan = <Q extends { offset(offset: number): Q }>(query: Q): Q =>
    deps.dialect === 'postgres' ? query.offset(0) : query;

  /**
   * Due, not leased, of a kind this version delivers, and not queued behind an earlier pending
   * job of its target and resource.
   */
  function claimable(
    eb: ExpressionBuilder<ClaimScope, 'j'>,
    options: { now: Date; kinds: string[]; exclude: TargetRef[] },
  ) {
    const { now, exclude } = options;
    const conditions = [
      eb('j.state', '=', PENDING),
      // Written into the SQL like 'pending': the same list at every claim of this process.
      eb(
        kindForFilter,
        'in',
        options.kinds.map((kind) => sql.lit(kind)),
      ),
      eb('j.due_at', '<=', now),
      eb.or([eb('j.lease_until', 'is', null), eb('j.lease_until', '<', now)]),
      eb.not(
        eb.exists(
          eb
            .selectFrom('delivery_jobs as e')
            .select('e.id')
            .where('e.state', '=', PENDING)
            .whereRef('e.target_kind', '=', 'j.target_kind')
            .whereRef('e.target_id', '=', 'j.target_id')
            .whereRef('e.resource_id', '=', 'j.resource_id')
            .whereRef('e.id', '<', 'j.id')
            .$call(keepAsSubPlan),
        ),
      ),
    ];
    // Targets that already have as many jobs under way as they may are left for later.
    for (const target of exclude) {
      conditions.push(
        eb.not(eb.and([eb('j.target_kind', '=', target.kind), eb('j.target_id', '=', target.id)])),
      );
    }
    return eb.and(conditions);
  }

  const CLAIMED_COLUMNS = [
    'id',
    'event_id',
    'target_kind',
    'target_id',
    'resource_id',
    'payload',
    'attempts',
    'created_at',
  ] as const;

  /**
   * Leases the jobs queued behind claimed ones of the same target and resource, oldest first.
   * They are pending and due, and no one else can hold them: an earlier job of their order is
   * pending, so they are claimable by no one until it is done. Their attempts are not counted
   * here: a claimer that dies before trying them must not have used up an attempt of theirs.
   */
  async function claimFollowers(
    db: Db,
    heads: { id: number; target_kind: string; target_id: string; resource_id: number | null }[],
    now: Date,
    leaseUntil: Date,
    limit: number,
  ) {
    const ordered = heads.filter((head) => head.resource_id !== null);
    if (ordered.length === 0 || limit <= 0) return [];
    const candidates = db
      .selectFrom('delivery_jobs as f')
      .select('f.id')
      .where('f.state', '=', PENDING)
      .where('f.due_at', '<=', now)
      .where((eb) => eb.or([eb('f.lease_until', 'is', null), eb('f.lease_until', '<', now)]))
      .where((eb) =>
        eb.or(
          ordered.map((head) =>
            eb.and([
              eb('f.target_kind', '=', head.target_kind),
              eb('f.target_id', '=', head.target_id),
              eb('f.resource_id', '=', head.resource_id),
              eb('f.id', '>', head.id),
            ]),
          ),
        ),
      )
      .orderBy('f.id')
      .limit(limit)
      .$call((query) => (deps.dialect === 'postgres' ? query.forUpdate().skipLocked() : query));
    return db
      .updateTable('delivery_jobs')
      .set({ lease_until: leaseUntil })
      .where('id', 'in', candidates)
      .returning([...CLAIMED_COLUMNS])
      .execute();
  }

  return {
    /** Writes jobs, due at once or at their `dueAt`; call it in the transaction of what they deliver. */
    async insert(executor: Db, jobs: NewJob[], now: Date): Promise<void> {
      if (jobs.length === 0) return;
      await executor
        .insertInto('delivery_jobs')
        .values(
          jobs.map((job) => ({
            event_id: job.eventId ?? null,
            target_kind: job.targetKind,
            target_id: job.targetId,
            resource_id: job.resourceId ?? null,
            payload: job.payload === undefined ? null : JSON.stringify(job.payload),
            due_at: job.dueAt ?? now,
            created_at: now,
          })),
        )
        .execute();
    },

    /**
     * Takes up to `limit` claimable jobs of the given `kinds`, oldest first, and leases them.
     * Jobs of other kinds (a newer version's, during a rolling update) are left pending for an
     * instance that delivers them. On PostgreSQL the rows
     * are locked with SKIP LOCKED, so instances claiming at once take different jobs; SQLite has
     * one connection, so the statement is alone anyway.
     *
     * `limit` is written into the SQL, as a bound LIMIT made SQLite plan the claim again at every
     * run: callers keep to a few values (the runner claims powers of two).
     *
     * Behind each job that keeps an order (a target and a resource), the jobs queued after it are
     * leased too, up to `limit` in all: the claimer delivers them one after another, in order,
     * and releases the rest when one fails. Without them a busy resource would move one job per
     * claim, and a backlog would grow faster than claims could walk it.
     */
    async claim(
      db: Db,
      options: { now: Date; leaseUntil: Date; limit: number; kinds: string[]; exclude: TargetRef[] },
    ): Promise<ClaimedJob[]> {
      const candidates = db
        .selectFrom('delivery_jobs as j')
        .select('j.id')
        .where((eb) => claimable(eb, options))
        .orderBy('j.id')
        .limit(sql.lit(options.limit))
        .$call((query) => (deps.dialect === 'postgres' ? query.forUpdate().skipLocked() : query));
      const claimed = await db
        .updateTable('delivery_jobs')
        .set({ lease_until: options.leaseUntil, attempts: sql`attempts + 1` })
        .where('id', 'in', candidates)
        .returning([...CLAIMED_COLUMNS])
        .execute();
      if (claimed.length === 0) return [];
      const followers = await claimFollowers(
        db,
        claimed,
        options.now,
        options.leaseUntil,
        options.limit - claimed.length,
      );
      const taken = [...claimed, ...followers];
      const eventIds = [...new Set(taken.flatMap((row) => (row.event_id === null ? [] : [row.event_id])))];
      const events = new Map<number, OutboxEnvelope>();
      if (eventIds.length > 0) {
        const rows = await db.selectFrom('outbox_events').selectAll().where('id', 'in', eventIds).execute();
        for (const row of rows) {
          events.set(row.id, toEnvelope(row));
        }
      }
      const followerIds = new Set(followers.map((row) => row.id));
      // RETURNING's order is not promised; callers start jobs oldest first.
      return taken
        .sort((a, b) => a.id - b.id)
        .map((row) => ({
          id: row.id,
          targetKind: row.target_kind,
          targetId: row.target_id,
          resourceId: row.resource_id,
          event: row.event_id === null ? null : (events.get(row.event_id) ?? null),
          payload: row.payload === null ? null : (JSON.parse(row.payload) as unknown),
          // A follower's attempt is counted when it is made (see claimFollowers).
          attempts: followerIds.has(row.id) ? row.attempts + 1 : row.attempts,
          createdAt: readDate(row.created_at),
        }));
    },

    /** Records delivered jobs in one statement; `remove` ones are deleted instead of kept. */
    async complete(db: Db, done: number[], remove: number[], now: Date): Promise<void> {
      if (done.length > 0) {
        await db
          .updateTable('delivery_jobs')
          .set({
            state: 'done',
            lease_until: null,
            last_error: null,
            finished_at: now,
            // A follower was claimed without counting its attempt; it has made none before, as
            // only the first pending job of its order is ever tried and can fail.
            attempts: sql`case when attempts = 0 then 1 else attempts end`,
          })
          .where('id', 'in', done)
          .execute();
      }
      if (remove.length > 0) await db.deleteFrom('delivery_jobs').where('id', 'in', remove).execute();
    },

    /** Records a failed attempt: pending again at `retryAt`, or failed for good when it is null. */
    async fail(
      db: Db,
      job: { id: number; attempts: number },
      error: string,
      retryAt: Date | null,
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('delivery_jobs')
        .set({
          attempts: job.attempts,
          state: retryAt ? 'pending' : 'failed',
          due_at: retryAt ?? now,
          lease_until: null,
          last_error: error.slice(0, MAX_ERROR_LENGTH),
          finished_at: retryAt ? null : now,
        })
        .where('id', '=', job.id)
        .execute();
    },

    /**
     * Gives back claimed jobs untried (behind a failure, when stopping, or with too little of
     * their lease left), each with the attempts it had before: `attempts` is a claimed job's
     * count with the attempt it was claimed for.
     */
    async release(db: Db, jobs: { id: number; attempts: number }[]): Promise<void> {
      const byAttempts = new Map<number, number[]>();
      for (const job of jobs) {
        const made = Math.max(0, job.attempts - 1);
        byAttempts.set(made, [...(byAttempts.get(made) ?? []), job.id]);
      }
      for (const [attempts, ids] of byAttempts) {
        await db
          .updateTable('delivery_jobs')
          .set({ lease_until: null, attempts })
          .where('id', 'in', ids)
          .execute();
      }
    },

    /** Extends the leases of pending jobs this claimer still holds. */
    async renew(db: Db, ids: number[], leaseUntil: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable('delivery_jobs')
        .set({ lease_until: leaseUntil })
        .where('state', '=', PENDING)
        .where('id', 'in', ids)
        .execute();
    },

    ...createJobUpkeep(deps),
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
