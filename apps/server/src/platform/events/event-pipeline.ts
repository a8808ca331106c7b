import type { DatabaseHandle, Db } from '../db/database.ts';
import type { DeliveryTargetKind } from '../jobs/delivery-target.ts';
import { createJobRunner } from '../jobs/job-runner.ts';
import type { JobStore, NewJob } from '../jobs/job-store.ts';
import type { TargetRef } from '../jobs/job-upkeep.ts';
import type { Logger } from '../logging/logger.ts';
import { createEventFanout, type EventConsumer } from './event-fanout.ts';
import type { RecordEvents } from './event-transactions.ts';
import { createOutbox, type OutboxEnvelope } from './outbox.ts';
import { createPgEventWrite } from './pg-event-write.ts';
import { type DeliverySubscriptions, type Subscription, subscriptionKey } from './subscriptions.ts';

/**
 * The resource an event is about, if it names one: the key of its subscriptions, and the order
 * it keeps at each target (a target's jobs about one resource are delivered in id order).
 */
export function resourceOf(event: { data: unknown }): number | null {
  const data = event.data as { resourceId?: unknown } | null;
  return typeof data?.resourceId === 'number' ? data.resourceId : null;
}

const NOT_IN_A_PIPELINE_TRANSACTION =
  'Delivery jobs are written in a transaction of the event pipeline, which wakes the runner at its commit';

/**
 * The event path of the server, in one place (architecture §Events, decisions 8 and 18). It owns
 * the outbox, the delivery jobs and their runner, the subscriptions that say who receives an
 * event, and the live fan-out. Services write through `transaction`: the change, its events and
 * a job per event and subscribed target commit together, with the NOTIFY that tells other
 * instances. After the commit the events go to the live consumers and, when jobs were written,
 * the runner wakes. Jobs without an event (mail) are written with `enqueue` in such a
 * transaction and wake the runner the same way.
 *
 * No domain is asked while a change commits: the targets' owners keep their rows in
 * `delivery_subscriptions` on their own writes, and one index look-up answers for the whole
 * transaction.
 */
export function createEventPipeline<E extends { type: string; data: unknown }>(deps: {
  database: DatabaseHandle;
  logger: Logger;
  now: () => Date;
  /** The version of the event contracts this code writes. */
  version: number;
  /**
   * The SQL of the jobs and of the subscriptions, made before the pipeline: the owners of
   * targets keep subscriptions and read delivery logs, and the kinds need those owners.
   */
  store: JobStore;
  subscriptions: DeliverySubscriptions;
  /** Every kind of durable target this process delivers. */
  kinds: DeliveryTargetKind[];
  /** Handed each committed event, at most once, on every instance (the SSE hub). */
  live: EventConsumer[];
  jobLeaseMs?: number;
  jobPollMs?: number;
}) {
  const { db } = deps.database;
  const outbox = createOutbox<E>({ now: deps.now, version: deps.version });
  const { store, subscriptions } = deps;
  const runner = createJobRunner({
    db,
    store,
    kinds: deps.kinds,
    logger: deps.logger,
    now: deps.now,
    ...(deps.jobLeaseMs ? { leaseMs: deps.jobLeaseMs } : {}),
    ...(deps.jobPollMs ? { pollMs: deps.jobPollMs } : {}),
  });
  const fanout = createEventFanout({
    database: deps.database,
    logger: deps.logger,
    consumers: deps.live,
    find: (eventIds) => outbox.find(db, eventIds),
  });
  const writeOneOnPg = createPgEventWrite(deps.version);
  const everyEvent = deps.kinds.flatMap((kind) =>
    (kind.everyEvent ?? []).map((targetId) => ({ kind: kind.kind, id: targetId })),
  );
  /** The transactions of this pipeline now open, and whether each wrote a job. */
  const open = new WeakMap<Db, { wroteJobs: boolean }>();

  /** A job per event and target that receives it: the targets of every event and the subscribed ones. */
  function jobsOf(event: OutboxEnvelope, subscribed: TargetRef[]): NewJob[] {
    const resourceId = resourceOf(event);
    return [...everyEvent, ...subscribed].map((target) => ({
      targetKind: target.kind,
      targetId: target.id,
      eventId: event.id,
      resourceId,
    }));
  }

  /** The jobs of several events, after one look-up of their subscribers. */
  async function jobsFor(tx: Db, events: OutboxEnvelope[]): Promise<NewJob[]> {
    const wanted: Subscription[] = [];
    for (const event of events) {
      const resourceId = resourceOf(event);
      if (resourceId !== null) wanted.push({ resourceId, eventType: event.type });
    }
    const subscribers = await subscriptions.subscribers(tx, wanted);
    return events.flatMap((event) => {
      const resourceId = resourceOf(event);
      return jobsOf(
        event,
        resourceId === null ? [] : (subscribers.get(subscriptionKey(resourceId, event.type)) ?? []),
      );
    });
  }

  type Written = { written: OutboxEnvelope[]; wroteJobs: boolean };

  /**
   * Writes a transaction's events, their jobs and the announcement to other instances; answers
   * the events. On PostgreSQL one event takes one statement (pg-event-write.ts), and its answer
   * is not awaited in the transaction: it is sent together with the COMMIT, and `transaction`
   * awaits `afterCommit` once that has ended.
   */
  async function write(tx: Db, events: E[]): Promise<Written | { afterCommit: Promise<Written> }> {
    const [only, ...more] = events;
    const notice = fanout.notice;
    if (only && more.length === 0 && notice && everyEvent.length === 0) {
      const now = deps.now();
      const answer = writeOneOnPg(tx, {
        type: only.type,
        now,
        payload: JSON.stringify(only.data),
        resourceId: resourceOf(only),
        ...notice,
      });
      return {
        afterCommit: answer.then(({ id, jobs }) => ({
          written: [outbox.envelope(id, only, now)],
          wroteJobs: jobs > 0,
        })),
      };
    }
    const written = await outbox.add(tx, events);
    const jobs = await jobsFor(tx, written);
    await store.insert(tx, jobs, deps.now());
    // PostgreSQL delivers a NOTIFY when, and only if, its transaction commits.
    await fanout.announce(tx, written);
    return { written, wroteJobs: jobs.length > 0 };
  }

  async function expedite(kind: string, targetIds: string[]): Promise<void> {
    if (targetIds.length === 0) return;
    await store.expedite(db, kind, targetIds, deps.now());
    runner.wake();
  }

  for (const kind of deps.kinds) kind.bind?.({ expedite: (targetIds) => expedite(kind.kind, targetIds) });

  return {
    /** Runs `work` in a transaction with its events and their jobs; see above. */
    async transaction<T>(work: (tx: Db, record: RecordEvents<E>) => Promise<T>): Promise<T> {
      let wrote: Written | undefined;
      let afterCommit: Promise<Written> | undefined;
      const state = { wroteJobs: false };
      let result: T;
      try {
        result = await db.transaction().execute(async (tx) => {
          open.set(tx, state);
          try {
            // Events are written when the work is done: one write for all of them, often one statement.
            const recorded: E[] = [];
            const answer = await work(tx, async (events) => {
              recorded.push(...events);
            });
            if (recorded.length > 0) {
              const writing = await write(tx, recorded);
              if ('afterCommit' in writing) {
                afterCommit = writing.afterCommit;
                // Heard below, after the transaction; until then its failure is not unhandled.
                afterCommit.catch(() => undefined);
              } else wrote = writing;
            }
            return answer;
          } finally {
            open.delete(tx);
          }
        });
      } catch (error) {
        // A failed event write ends the transaction too (its COMMIT answers ROLLBACK): its own
        // error says why, not the aborted commit's.
        await afterCommit;
        throw error;
      }
      if (afterCommit) wrote = await afterCommit;
      const written = wrote?.written ?? [];
      if (wrote?.wroteJobs) state.wroteJobs = true;
      if (written.length > 0) fanout.publish(written);
      // Most changes have no durable target; only commits that wrote jobs cost the runner a claim.
      if (state.wroteJobs) runner.wake();
      return result;
    },

    /** Writes jobs that carry no event (a mail), in a transaction of `transaction`. */
    async enqueue(tx: Db, jobs: NewJob[]): Promise<void> {
      const state = open.get(tx);
      if (!state) throw new Error(NOT_IN_A_PIPELINE_TRANSACTION);
      if (jobs.length === 0) return;
      await store.insert(tx, jobs, deps.now());
      state.wroteJobs = true;
    },

    /** Makes the pending jobs of these targets due now and wakes the runner. */
    expedite,

    outbox,
    /** The jobs' table (delivery logs, pruning). */
    store,
    runner,
    fanout,
  };
}

export type EventPipeline<E extends { type: string; data: unknown }> = ReturnType<
  typeof createEventPipeline<E>
>;
