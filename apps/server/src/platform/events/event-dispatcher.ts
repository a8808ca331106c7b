import type { Db } from '../db/database.ts';
import type { Logger } from '../logging/logger.ts';
import type { ClaimedEvent, OutboxEnvelope } from './outbox.ts';

/** Something that reacts to events: the SSE stream, later MQTT and webhooks. */
export type EventConsumer = {
  /** Stable name: it keys the delivery rows, so renaming a consumer re-delivers nothing. */
  name: string;
  /** Throwing marks the delivery failed; it is retried later (at least once delivery). */
  handle(event: OutboxEnvelope): Promise<void> | void;
};

/** What the dispatcher needs of the outbox (any event type). */
type OutboxStore = {
  registerConsumer(name: string): void;
  claimDue(db: Db, consumer: string, limit: number): Promise<ClaimedEvent[]>;
  markDelivered(db: Db, consumer: string, eventIds: number[]): Promise<void>;
  markFailed(db: Db, consumer: string, eventId: number, error: string, retryAt: Date | null): Promise<void>;
  pruneDelivered(db: Db, before: Date): Promise<void>;
};

const BATCH = 100;
const POLL_MS = 1_000;
const MAX_ATTEMPTS = 12;
const PRUNE_EVERY_MS = 60 * 60_000;
const KEEP_DELIVERED_MS = 7 * 24 * 60 * 60_000;

/** Retry after 1 s, 2 s, 4 s ... capped at ten minutes. */
export function eventRetryDelayMs(attempts: number): number {
  return Math.min(1_000 * 2 ** (attempts - 1), 600_000);
}

/**
 * Delivers outbox events to consumers, each consumer on its own so a slow one (a webhook)
 * never holds up another (the SSE stream). `wake()` runs right after a commit that wrote
 * events; the poll picks up other instances' events, retries and what was left at a restart.
 */
export function createEventDispatcher(deps: {
  db: Db;
  outbox: OutboxStore;
  logger: Logger;
  now: () => Date;
  pollMs?: number;
}) {
  const runners = new Map<string, ReturnType<typeof consumerRunner>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let lastPrune = 0;

  function consumerRunner(consumer: EventConsumer) {
    let running: Promise<void> | undefined;
    let again = false;

    /** True when the consumer took the event; a failure is recorded for a retry. */
    async function deliver({ event, attempts }: ClaimedEvent): Promise<boolean> {
      try {
        await consumer.handle(event);
        return true;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const retryAt =
          attempts >= MAX_ATTEMPTS ? null : new Date(deps.now().getTime() + eventRetryDelayMs(attempts));
        deps.logger.warn(
          { consumer: consumer.name, eventId: event.id, attempts, err: message },
          'Delivering an event failed',
        );
        await deps.outbox.markFailed(deps.db, consumer.name, event.id, message, retryAt);
        return false;
      }
    }

    async function drain() {
      while (!stopped) {
        const events = await deps.outbox.claimDue(deps.db, consumer.name, BATCH);
        if (events.length === 0) return;
        // A claimed batch is finished even when stopping: its rows would stay locked otherwise.
        const delivered: number[] = [];
        for (const claimed of events) {
          if (await deliver(claimed)) delivered.push(claimed.event.id);
        }
        await deps.outbox.markDelivered(deps.db, consumer.name, delivered);
      }
    }

    function run() {
      if (running) {
        // A wake during a drain must not be lost: the drain may have claimed before the commit.
        again = true;
        return;
      }
      running = drain()
        .catch((error: unknown) =>
          deps.logger.error({ err: error, consumer: consumer.name }, 'Event dispatcher failed'),
        )
        .finally(() => {
          running = undefined;
          if (again && !stopped) {
            again = false;
            run();
          }
        });
    }

    return { run, idle: () => running ?? Promise.resolve() };
  }

  function runAll() {
    for (const runner of runners.values()) runner.run();
  }

  function tick() {
    runAll();
    const now = deps.now().getTime();
    if (now - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = now;
      deps.outbox
        .pruneDelivered(deps.db, new Date(now - KEEP_DELIVERED_MS))
        .catch((error: unknown) => deps.logger.warn({ err: error }, 'Pruning delivered events failed'));
    }
  }

  return {
    /** Adds a consumer; do it while building the app, before events are written. */
    register(consumer: EventConsumer): void {
      if (runners.has(consumer.name)) throw new Error(`Event consumer ${consumer.name} is registered twice`);
      deps.outbox.registerConsumer(consumer.name);
      runners.set(consumer.name, consumerRunner(consumer));
    },
    start(): void {
      stopped = false;
      timer = setInterval(tick, deps.pollMs ?? POLL_MS);
      timer.unref();
      tick();
    },
    /** Delivers at once what a commit just wrote. */
    wake(): void {
      if (!stopped) runAll();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all([...runners.values()].map((runner) => runner.idle()));
    },
  };
}

export type EventDispatcher = ReturnType<typeof createEventDispatcher>;
