import type { Db } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import type { DeliveryTargetKind } from './delivery-target.ts';
import { createOutcomeRecorder, type Settled } from './job-outcomes.ts';
import type { ClaimedJob, JobStore } from './job-store.ts';
import type { TargetRef } from './job-upkeep.ts';
import { createUnknownKindsWatch } from './unknown-kinds.ts';

/** A dead claimer's jobs wait this long, unless a kind's longest delivery needs a longer lease. */
const DEFAULT_LEASE_MS = 60_000;
/**
 * What a delivery needs besides its kind's own waits before its outcome is written: look-ups
 * before the work, the write itself, and the difference between the clocks of two instances.
 */
const SETTLE_MS = 5_000;
/** Leases of the jobs under way are renewed this many times per lease. */
const RENEWALS_PER_LEASE = 6;
/** Pending jobs of kinds this version does not know are looked for every this many polls. */
const POLLS_PER_UNKNOWN_KINDS_CHECK = 10;
const DEFAULT_POLL_MS = 1_000;
/** Jobs under way at once in this process, and per target, so one slow target cannot take every slot. */
const MAX_IN_FLIGHT = 512;
const MAX_IN_FLIGHT_PER_TARGET = 16;
/** Jobs claimed by one statement. */
const CLAIM_BATCH = 256;
/** A claim slower than this asks the database to refresh its statistics, at most once a minute. */
const SLOW_CLAIM_MS = 25;
const STATISTICS_EVERY_MS = 60_000;
/** Jobs of one order this runner holds, and until when (the clock's ms) their lease runs. */
type Hold = { jobs: ClaimedJob[]; until: number };

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
 * A job runs once at a time while nothing fails: it is begun only while its lease covers its
 * kind's longest delivery, the leases of held jobs are renewed while they run, a job this runner
 * holds is never started a second time, and a stopping runner begins nothing more.
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
  const knownKinds = [...kinds.keys()].sort();
  /** The longest delivery of any kind, with its outcome written. */
  const stopGraceMs = Math.max(0, ...deps.kinds.map((kind) => kind.longestDeliveryMs)) + SETTLE_MS;
  // Renewed six times per lease, a lease is kept 5/6 full: the default leaves the longest
  // delivery (MQTT: 40 s of 60) room to begin at any time.
  const leaseMs = deps.leaseMs ?? Math.max(DEFAULT_LEASE_MS, Math.ceil((stopGraceMs * 3) / 2));
  const pollMs = deps.pollMs ?? DEFAULT_POLL_MS;
  const unknownKinds = createUnknownKindsWatch({ ...deps, known: new Set(knownKinds) });
  const recordOutcomes = createOutcomeRecorder({ ...deps, kinds, wakeAt: (at) => wakeAt(at) });
  const inFlight = new Map<number, Promise<void>>();
  const holds = new Set<Hold>();
  const perTarget = new Map<string, number>();
  let settled: Settled[] = [];
  let stopped = true;
  /** Stopped and its outcomes written: what settles later is left to its lease. */
  let closed = true;
  let timers: NodeJS.Timeout[] = [];
  let soon: { timer: NodeJS.Timeout; at: number } | undefined;
  let claiming: Promise<void> | undefined;
  let claimAgain = false;
  /** Outcomes and renewals, written one after another, never at once. */
  let writing: Promise<void> = Promise.resolve();
  let flushQueued = false;
  let statisticsAt = 0;

  /**
   * What must be left of a job's lease to begin it: its kind's longest delivery and the time
   * to write its outcome. A lease shorter than that (tests) is left to the renewals alone.
   */
  function leaseNeededMs(kind: DeliveryTargetKind): number {
    return Math.min(kind.longestDeliveryMs + SETTLE_MS, (leaseMs * 2) / 3);
  }

  function busyTargets(): TargetRef[] {
    const busy: TargetRef[] = [];
    for (const [key, count] of perTarget) {
      if (count < MAX_IN_FLIGHT_PER_TARGET) continue;
      const [kind = '', id = ''] = key.split('\u0000');
      busy.push({ kind, id });
    }
    return busy;
  }

  function handBack(jobs: ClaimedJob[]) {
    for (const job of jobs) settled.push({ job, released: true });
    queueFlush();
  }

  /**
   * Delivers the jobs of one order (a single job, or a target's jobs about one resource, oldest
   * first) one after another. After a failure the rest are released untried: they wait for the
   * failed job's retry, so the order holds. `leaseUntil` is the lease the claim wrote, on the
   * clock its `now` came from, which is the clock other claimers compare it with.
   */
  function start(jobs: ClaimedJob[], leaseUntil: number) {
    for (const job of jobs) {
      const key = targetKey(job);
      perTarget.set(key, (perTarget.get(key) ?? 0) + 1);
    }
    const hold: Hold = { jobs, until: leaseUntil };
    holds.add(hold);
    const running = (async () => {
      for (const [index, job] of jobs.entries()) {
        const kind = kinds.get(job.targetKind);
        // Begun with less of its lease left, a job could still be under way when the lease
        // ends and be claimed a second time; a stopping runner begins nothing.
        if (stopped || !kind || hold.until - deps.now().getTime() < leaseNeededMs(kind)) {
          handBack(jobs.slice(index));
          return;
        }
        try {
          await kind.deliver(job);
          settled.push({ job });
        } catch (error) {
          settled.push({ job, error });
          handBack(jobs.slice(index + 1));
          return;
        }
        queueFlush();
      }
    })().finally(() => holds.delete(hold));
    for (const job of jobs) inFlight.set(job.id, running);
  }

  /**
   * Extends the leases of every job this runner holds, begun or queued, so that none ends while
   * its delivery is under way, whatever the delivery takes.
   */
  function renewLeases() {
    if (holds.size === 0) return;
    void serially(async () => {
      const renewed = [...holds];
      const ids = renewed.flatMap((hold) => hold.jobs.map((job) => job.id)).filter((id) => inFlight.has(id));
      const until = new Date(deps.now().getTime() + leaseMs);
      await deps.db.transaction().execute((tx) => deps.store.renew(tx, ids, until));
      for (const hold of renewed) hold.until = Math.max(hold.until, until.getTime());
    }).catch((error: unknown) =>
      deps.logger.warn({ err: error }, 'Renewing the leases of deliveries under way failed'),
    );
  }

  /** Runs the writes of outcomes and renewals one after another. */
  function serially(task: () => Promise<void>): Promise<void> {
    const done = writing.then(task);
    writing = done.catch(() => undefined);
    return done;
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
      const leaseUntil = now.getTime() + leaseMs;
      const jobs = await deps.db.transaction().execute((tx) =>
        deps.store.claim(tx, {
          now,
          leaseUntil: new Date(leaseUntil),
          limit: room,
          kinds: knownKinds,
          exclude: busyTargets(),
        }),
      );
      for (const group of byOrder(jobs)) {
        const held = group.filter((job) => inFlight.has(job.id));
        if (held.length === 0) {
          start(group, leaseUntil);
          continue;
        }
        // Its lease ran out while this runner still delivers it (the renewals failed): the
        // delivery under way keeps it and no second one starts; what queued behind waits.
        deps.logger.warn({ jobIds: held.map((job) => job.id) }, 'A delivery outlived its lease');
        const others = group.filter((job) => !inFlight.has(job.id));
        if (others.length > 0) start(others, Number.NEGATIVE_INFINITY);
      }
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

  /** Writes what finished meanwhile in one go, then lets the next jobs of those targets run. */
  async function flush() {
    flushQueued = false;
    const batch = settled;
    settled = [];
    if (batch.length === 0) return;
    try {
      await recordOutcomes(batch);
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
    if (flushQueued || closed) return;
    flushQueued = true;
    // Outcomes that arrive in the same turn share one statement; flushes never overlap.
    setImmediate(() => void serially(flush));
  }

  return {
    start(): void {
      if (!stopped) return;
      stopped = false;
      closed = false;
      timers = [
        setInterval(run, pollMs),
        setInterval(renewLeases, leaseMs / RENEWALS_PER_LEASE),
        setInterval(() => void unknownKinds.check(), pollMs * POLLS_PER_UNKNOWN_KINDS_CHECK),
      ];
      for (const timer of timers) timer.unref();
      void unknownKinds.check();
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

    /** The longest `stop` waits for deliveries under way; shutdown must allow for it. */
    stopGraceMs,

    /**
     * Stops claiming and beginning deliveries. Deliveries under way finish (each within its
     * kind's longest delivery, leases renewed meanwhile) and all outcomes are written, jobs not
     * begun handed back untried; only then does it resolve, so the database may close after it.
     */
    async stop(): Promise<void> {
      stopped = true;
      if (soon) clearTimeout(soon.timer);
      soon = undefined;
      await claiming;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...inFlight.values()]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, stopGraceMs);
        }),
      ]);
      clearTimeout(timer);
      await new Promise((resolve) => setImmediate(resolve));
      await serially(flush).catch(() => undefined);
      for (const timer of timers) clearInterval(timer);
      timers = [];
      closed = true;
      if (inFlight.size > 0) {
        deps.logger.warn(
          { jobIds: [...inFlight.keys()] },
          'Deliveries still under way at shutdown run again once their lease has ended',
        );
      }
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
