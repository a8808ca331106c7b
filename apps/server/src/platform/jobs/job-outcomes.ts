import type { Db } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import { type DeliveryTargetKind, nextAttemptAt } from './delivery-target.ts';
import type { ClaimedJob, JobStore } from './job-store.ts';

/** A job's outcome: delivered, failed with `error`, or `released` untried. */
export type Settled = { job: ClaimedJob; error?: unknown; released?: boolean };

/**
 * Writes a batch of outcomes in one transaction (decision 8): done, failed with their retry
 * time, or given back untried. Wakes the runner for a retry that comes due soon.
 */
export function createOutcomeRecorder(deps: {
  db: Db;
  store: JobStore;
  kinds: ReadonlyMap<string, DeliveryTargetKind>;
  logger: Logger;
  now: () => Date;
  wakeAt(at: number): void;
}) {
  const { kinds, wakeAt } = deps;
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
    const released: ClaimedJob[] = [];
    const failed: { job: ClaimedJob; message: string; retryAt: Date | null }[] = [];
    for (const { job, error, released: untried } of batch) {
      if (untried) released.push(job);
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

  return record;
}
