import type { Db } from '../db/database.ts';
import type { OutboxEnvelope } from '../events/outbox.ts';
import type { DeliveryTargetKind } from './delivery-target.ts';
import type { JobStore, NewJob } from './job-store.ts';

/**
 * Turns the events of a transaction into delivery jobs, one per event and target that wants it,
 * in that same transaction: a job exists exactly when its event does.
 */
export function createEventJobs(deps: {
  store: JobStore;
  kinds: DeliveryTargetKind[];
  now: () => Date;
  /** The resource whose order an event keeps per target; null when it keeps none. */
  orderedBy(event: OutboxEnvelope): number | null;
}) {
  const subscribers = deps.kinds.filter((kind) => kind.targetsFor !== undefined);
  // The events that got jobs, so that only their commits wake the runner: most changes have no
  // durable target, and a claim on every commit would cost SQLite's one connection a statement.
  const withJobs = new WeakSet<OutboxEnvelope>();
  return {
    async enqueue(tx: Db, events: OutboxEnvelope[]): Promise<void> {
      if (subscribers.length === 0) return;
      const jobs: NewJob[] = [];
      for (const event of events) {
        const resourceId = deps.orderedBy(event);
        for (const kind of subscribers) {
          for (const targetId of (await kind.targetsFor?.(tx, event)) ?? []) {
            jobs.push({ targetKind: kind.kind, targetId, eventId: event.id, resourceId });
            withJobs.add(event);
          }
        }
      }
      await deps.store.insert(tx, jobs, deps.now());
    },

    /** Whether any of these events got a job when it was written. */
    wroteJobsFor(events: OutboxEnvelope[]): boolean {
      return events.some((event) => withJobs.has(event));
    },
  };
}

export type EventJobs = ReturnType<typeof createEventJobs>;
