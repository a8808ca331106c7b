import type { ClaimedJob } from './job-store.ts';

/**
 * When a failed job is tried again. `maxAttempts` counts every attempt, the first included;
 * `maxAgeMs` gives up on a job older than that (MQTT: until the broker accepts, within a day).
 */
export type RetryPolicy = {
  maxAttempts?: number;
  maxAgeMs?: number;
  /** Wait before the next attempt, after `attempts` failed ones (1 after the first failure). */
  delayMs(attempts: number): number;
};

/** Waits `firstMs`, then twice as long each time, never more than `maxMs`. */
export function doublingDelay(firstMs: number, maxMs: number): (attempts: number) => number {
  return (attempts) => Math.min(firstMs * 2 ** Math.max(0, attempts - 1), maxMs);
}

/** When to try a job again after it failed `job.attempts` times, or null when it has failed for good. */
export function nextAttemptAt(
  policy: RetryPolicy,
  job: Pick<ClaimedJob, 'attempts' | 'createdAt'>,
  now: Date,
): Date | null {
  if (policy.maxAttempts !== undefined && job.attempts >= policy.maxAttempts) return null;
  const at = now.getTime() + policy.delayMs(job.attempts);
  if (policy.maxAgeMs !== undefined && at > job.createdAt.getTime() + policy.maxAgeMs) return null;
  return new Date(at);
}

/** What the pipeline that delivers a kind offers it (see `bind`). */
export type KindControl = {
  /** Makes the pending jobs of these targets due now and wakes the runner. */
  expedite(targetIds: string[]): Promise<void>;
};

/**
 * A kind of durable consumer: mail, each MQTT configuration, each webhook, each plugin
 * subscription. Each of its targets gets its own jobs, so a target that is down delays
 * nobody else, and each kind brings its own retry policy. Which targets receive an event is not
 * asked of the kind: its owners register subscriptions (platform/events/subscriptions.ts).
 */
export type DeliveryTargetKind = {
  /** Stored with each job and subscription; renaming a kind orphans its pending jobs. */
  kind: string;
  /** Targets that get every event, whatever its resource (the test probes). */
  everyEvent?: readonly string[];
  /** Called once by the pipeline that delivers this kind, e.g. to expedite jobs on a reconnect. */
  bind?(control: KindControl): void;
  /** Delivers one job; throwing records the attempt as failed. */
  deliver(job: ClaimedJob): Promise<void> | void;
  /**
   * The longest one delivery of this kind takes, as its own timeouts bound it. The runner begins
   * a job only while its lease covers this, sizes its default lease by it and waits this long
   * for a delivery under way when it stops.
   */
  longestDeliveryMs: number;
  /** The policy for this job's target (a webhook's own retry settings, say). */
  retryPolicy(job: ClaimedJob): Promise<RetryPolicy> | RetryPolicy;
  /** Delete a job once delivered instead of keeping it in the log (a mail's links are secrets). */
  forgetDelivered?: boolean;
};
