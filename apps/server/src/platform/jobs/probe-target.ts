import type { OutboxEnvelope } from '../events/outbox.ts';
import { type DeliveryTargetKind, doublingDelay, type RetryPolicy } from './delivery-target.ts';
import type { ClaimedJob } from './job-store.ts';

/** A durable consumer of every event, by name: what tests and the benchmark watch deliveries with. */
export type EventProbe = {
  /** The target id; jobs of a probe survive a restart under the same name. */
  name: string;
  /** Throwing fails the attempt; it is retried by `retry`. */
  handle(event: OutboxEnvelope, job: ClaimedJob): Promise<void> | void;
  retry?: RetryPolicy;
  /** The longest `handle` takes (10 s unless told). */
  longestDeliveryMs?: number;
};

const DEFAULT_PROBE_LONGEST_MS = 10_000;
const DEFAULT_PROBE_RETRY: RetryPolicy = { maxAttempts: 12, delayMs: doublingDelay(1_000, 600_000) };

/** The probes as one target kind, each probe its own target. */
export function createProbeTargets(probes: EventProbe[]): DeliveryTargetKind {
  const byName = new Map(probes.map((probe) => [probe.name, probe]));
  if (byName.size !== probes.length) throw new Error('Two event probes share a name');
  const names = [...byName.keys()];
  const probeOf = (job: ClaimedJob) => {
    const probe = byName.get(job.targetId);
    if (!probe) throw new Error(`No event probe "${job.targetId}" in this process`);
    return probe;
  };
  return {
    kind: 'probe',
    longestDeliveryMs: Math.max(
      0,
      ...probes.map((probe) => probe.longestDeliveryMs ?? DEFAULT_PROBE_LONGEST_MS),
    ),
    everyEvent: names,
    async deliver(job) {
      if (!job.event) throw new Error(`Job ${job.id} has no event`);
      await probeOf(job).handle(job.event, job);
    },
    retryPolicy: (job) => byName.get(job.targetId)?.retry ?? DEFAULT_PROBE_RETRY,
  };
}
