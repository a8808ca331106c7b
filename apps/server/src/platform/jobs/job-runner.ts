import type { Db } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import { type DeliveryTargetKind, nextAttemptAt } from './delivery-target.ts';
import type { ClaimedJob, JobStore, TargetRef } from './job-store.ts';

/** Long enough for the slowest delivery (a webhook times out after 10 s); a dead claimer's jobs wait this long. */
const DEFAULT_LEASE_MS = 60_000;
const DEFAULT_POLL_MS = 1_000;
/** Jobs under way at once in this process, and per target, so one slow target cannot take every slot. */
const MAX_IN_FLIGHT = 512;
const MAX_IN_FLIGHT_PER_TARGET = 16;
/** Jobs claimed by one statement. */
const CLAIM_BATCH = 256;
/** A claim slower than this asks the database to refresh its statistics, at most once a minute. */
const SLOW_CLAIM_MS = 25;
const STATISTICS_EVERY_MS = 60_000;
/** How long stopping waits for deliveries under way; the rest run again after their lease. */
const STOP_GRACE_MS = 5_000;

/** A job's outcome: delivered, failed with `error`, or `released` untried behind a failure. */
type Settled = { job: ClaimedJob; error?: unknown; released?: boolean };

const targetKey = (job: { targetKind: string; targetId: string }) => `${job.targetKind}\u0000${job.targetId}`;
/** Jobs that keep an order among themselves: a target's jobs about one resource. */
const orderKey = (job: ClaimedJob) =>
  job.resourceId === null ? `job\u0000${job.id}` : `${targetKey(job)}\u0000${job.resourceId}`;

/**
 * Works off the delivery jobs (architecture §Events, decision 8). Jobs are claimed in batches with a lease
 * and delivered independently, each target's jobs on their own, so a target that hangs or fails
 * holds up no other. Outcomes are written back in batches: one statement for every job that
 * finished meanwhile, which is what keeps SQLite's single, fsync-bound writer fast.
 *
 * `wake()` runs right after a commit that wrote jobs; the poll picks up retries that came due,
 * leases that expired and other instances' jobs.
 */
export function createJobRunner(deps: {
  db: Db;
  store: JobStore;
  kinds: DeliveryTargetKind[];
  logger: Logger;
  now: () => Date;
  leaseMs?: number;
  pollMs?: number;
}) {
  const kinds = new Map(deps.kinds.map((kind) => [kind.kind, kind]));
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  // The slowest delivery (a webhook's 10 s timeout) with room to spare must fit in what is left
  // of a lease when a queued job is begun.
  const followerMarginMs = Math.min(15_000, leaseMs / 2);
  const pollMs = deps.pollMs ?? DEFAULT_POLL_MS;
  const inFlight = new Map<number, Promise<void>>();
  const perTarget = new Map<string, number>();
  let settled: Settled[] = [];
  let stopped = true;
  let poll: NodeJS.Timeout | undefined;
  let soon: { timer: NodeJS.Timeout; at: number } | undefined;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;
  let flushing: Promise<void> | undefined;
  let flushQueued = false;
  let statisticsAt = 0;

  function busyTargets(): TargetRef[] {
    const busy: TargetRef[] = [];
    for (const [key, count] of perTarget) {
      if (count < MAX_IN_FLIGHT_PER_TARGET) continue;
      const [kind = '', id = ''] = key.split('\u0000');
      busy.push({ kind, id });
    }
    return busy;
  }

  async function deliver(job: ClaimedJob): Promise<void> {
    const kind = kinds.get(job.targetKind);
    if (!kind) throw new Error(`No delivery target kind "${job.targetKind}" in this version`);
    await kind.deliver(job);
  }

  /**
   * Delivers the jobs of one order (a single job, or a target's jobs about one resource, oldest
   * first) one after another. After a failure the rest are released untried: they wait for the
   * failed job's retry, so the order holds.
   */
  function start(jobs: ClaimedJob[]) {
    for (const job of jobs) {
      const key = targetKey(job);
      perTarget.set(key, (perTarget.get(key) ?? 0) + 1);
    }
    const leasedAt = performance.now();
    const running = (async () => {
      for (const [index, job] of jobs.entries()) {
        // A job begun after this point might outlive its lease and be claimed a second time.
        if (index > 0 && performance.now() - leasedAt > leaseMs - followerMarginMs) {
          for (const untried of jobs.slice(index)) settled.push({ job: untried, released: true });
          queueFlush();
          return;
        }
        try {
          await deliver(job);
          settled.push({ job });
        } catch (error) {
          settled.push({ job, error });
          for (const untried of jobs.slice(index + 1)) settled.push({ job: untried, released: true });
          queueFlush();
          return;
        }
        queueFlush();
      }
    })();
    for (const job of jobs) inFlight.set(job.id, running);
  }

  /** Claimed jobs grouped by their order, each group oldest first (claims answer oldest first). */
  function byOrder(jobs: ClaimedJob[]): ClaimedJob[][] {
    const groups = new Map<string, ClaimedJob[]>();
    for (const job of jobs) {
      const key = orderKey(job);
      const group = groups.get(key);
      if (group) group.push(job);
      else groups.set(key, [job]);
    }
    return [...groups.values()];
  }

  async function claimRound() {
    while (!stopped) {
      const free = Math.min(CLAIM_BATCH, MAX_IN_FLIGHT - inFlight.size);
      if (free <= 0) return;
      // A power of two: the claim's LIMIT is part of its SQL, so few statements are prepared.
      const room = 2 ** Math.floor(Math.log2(free));
      const now = deps.now();
      const began = performance.now();
      // A transaction, so that on SQLite the lease shares the COMMIT of the requests' writes
      // instead of costing a disk flush of its own on the event loop's thread.
      const jobs = await deps.db.transaction().execute((tx) =>
        deps.store.claim(tx, {
          now,
          leaseUntil: new Date(now.getTime() + leaseMs),
          limit: room,
          exclude: busyTargets(),
        }),
      );
      for (const group of byOrder(jobs)) start(group);
      if (performance.now() - began > SLOW_CLAIM_MS && Date.now() - statisticsAt > STATISTICS_EVERY_MS) {
        statisticsAt = Date.now();
        await deps.store.refreshStatistics(deps.db);
      }
      if (jobs.length < room) return;
    }
  }

  function run() {
    if (stopped) return;
    if (claiming) {
      // A wake during a claim must not be lost: the claim may have read before the commit.
      claimAgain = true;
      return;
    }
    claiming = claimRound()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'Claiming delivery jobs failed'))
      .finally(() => {
        claiming = undefined;
        if (claimAgain) {
          claimAgain = false;
          run();
        }
      });
  }

  /** Wakes up at `at` (a retry after a short backoff) unless something earlier is planned. */
  function wakeAt(at: number) {
    if (stopped) return;
    const delay = at - deps.now().getTime();
    if (delay >= pollMs) return;
    if (soon && soon.at <= at) return;
    if (soon) clearTimeout(soon.timer);
    const timer = setTimeout(
      () => {
        soon = undefined;
        run();
      },
      Math.max(0, delay),
    );
    timer.unref();
    soon = { timer, at };
  }

  /** When a failed job is tried again, or null when it has failed for good. */
  async function retryAtOf(job: ClaimedJob, now: Date): Promise<Date | null> {
    const kind = kinds.get(job.targetKind);
    try {
      return kind ? nextAttemptAt(await kind.retryPolicy(job), job, now) : null;
    } catch (policyError) {
      // A target whose settings cannot be read any more (deleted meanwhile) is not retried.
      deps.logger.warn({ err: policyError, jobId: job.id }, 'Reading the retry policy of a target failed');
      return null;
    }
  }

  async function record(batch: Settled[]) {
    const now = deps.now();
    const done: number[] = [];
    const remove: number[] = [];
    const released: number[] = [];
    const failed: { job: ClaimedJob; message: string; retryAt: Date | null }[] = [];
    for (const { job, error, released: untried } of batch) {
      if (untried) released.push(job.id);
      else if (error === undefined) (kinds.get(job.targetKind)?.forgetDelivered ? remove : done).push(job.id);
      else {
        // Read before the transaction: the policy may read the target's settings, and on
        // SQLite's one connection a read outside an open transaction would wait for it.
        const message = error instanceof Error ? error.message : String(error);
        failed.push({ job, message, retryAt: await retryAtOf(job, now) });
      }
    }
    // One transaction for every outcome: on SQLite they share a COMMIT with whatever else is
    // being written, and the outcomes of a batch are kept or lost together.
    await deps.db.transaction().execute(async (tx) => {
      await deps.store.complete(tx, done, remove, now);
      for (const { job, message, retryAt } of failed) {
        await deps.store.fail(tx, job, message, retryAt, now);
      }
      await deps.store.release(tx, released);
    });
    for (const { job, message, retryAt } of failed) {
      deps.logger.warn(
        {
          jobId: job.id,
          target: job.targetKind,
          targetId: job.targetId,
          attempts: job.attempts,
          err: message,
        },
        retryAt ? 'A delivery failed; it will be tried again' : 'A delivery failed for good',
      );
      if (retryAt) wakeAt(retryAt.getTime());
    }
  }

  /** Writes what finished meanwhile in one go, then lets the next jobs of those targets run. */
  async function flush() {
    flushQueued = false;
    const batch = settled;
    settled = [];
    if (batch.length === 0) return;
    try {
      await record(batch);
    } catch (error) {
      // The jobs keep their leases and run again once those expire: at least once, never lost.
      deps.logger.error({ err: error }, 'Recording delivery outcomes failed');
    } finally {
      for (const { job } of batch) {
        inFlight.delete(job.id);
        const key = targetKey(job);
        const count = (perTarget.get(key) ?? 1) - 1;
        if (count === 0) perTarget.delete(key);
        else perTarget.set(key, count);
      }
    }
    run();
  }

  function queueFlush() {
    if (flushQueued) return;
    flushQueued = true;
    // Outcomes that arrive in the same turn share one statement; flushes never overlap.
    setImmediate(() => {
      const previous = flushing ?? Promise.resolve();
      flushing = previous.then(flush).finally(() => {
        if (!flushQueued) flushing = undefined;
      });
    });
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      poll = setInterval(run, pollMs);
      poll.unref();
      run();
    },

    /** Claims at once what a commit just wrote. */
    wake(): void {
      run();
    },

    /** Jobs under way in this process now (for tests and the benchmark). */
    inFlight(): number {
      return inFlight.size;
    },

    /** Stops claiming; waits a while for deliveries under way and records their outcomes. */
    async stop(): Promise<void> {
      stopped = true;
      if (poll) clearInterval(poll);
      if (soon) clearTimeout(soon.timer);
      soon = undefined;
      await claiming;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight.values()]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, STOP_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
      await new Promise((resolve) => setImmediate(resolve));
      await flushing;
      await flush();
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
