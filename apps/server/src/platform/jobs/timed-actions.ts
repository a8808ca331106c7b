import { type DeliveryTargetKind, doublingDelay, type RetryPolicy } from './delivery-target.ts';
import type { NewJob } from './job-store.ts';

/** The kind of timed-action jobs; stored with every job, so it never changes. */
export const TIMED_ACTION_KIND = 'timed-action';

/** A timed action gets a few tries over about a minute: its handler is a database write. */
const TIMED_ACTION_RETRY: RetryPolicy = { maxAttempts: 6, delayMs: doublingDelay(2_000, 30_000) };

/** Does what a job asks when it comes due; must be safe to run twice (a lease can expire). */
export type TimedActionHandler = (payload: unknown) => Promise<void>;

/**
 * Work that must happen at a time, such as the automatic end of a session (decision 21): a
 * delivery job with a due time, claimed by the job runner like every other job, so it happens
 * on one instance, survives a restart and never lives in a timer. The action's name is the
 * job's target id; its handler is registered by the composition root once the service that
 * does the work exists (the services write through the pipeline this kind belongs to).
 */
export function createTimedActions() {
  const handlers = new Map<string, TimedActionHandler>();
  const kind: DeliveryTargetKind = {
    kind: TIMED_ACTION_KIND,
    longestDeliveryMs: 10_000,
    async deliver(job) {
      const handler = handlers.get(job.targetId);
      if (!handler) throw new Error(`No handler for the timed action ${job.targetId}`);
      await handler(job.payload);
    },
    retryPolicy: () => TIMED_ACTION_RETRY,
  };
  return {
    kind,
    handle(action: string, handler: TimedActionHandler): void {
      handlers.set(action, handler);
    },
    /**
     * The job of an action due at `dueAt`. Unordered (no resource): an action not yet due must
     * not hold back the actions after it.
     */
    job(action: string, dueAt: Date, payload: unknown): NewJob {
      return { targetKind: TIMED_ACTION_KIND, targetId: action, payload, dueAt };
    },
  };
}

export type TimedActions = ReturnType<typeof createTimedActions>;
