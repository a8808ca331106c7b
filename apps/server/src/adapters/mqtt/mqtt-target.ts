import type { MqttDeliveryLookup } from '../../domains/mqtt/mqtt-delivery-lookup.ts';
import { MQTT_TARGET_KIND } from '../../domains/mqtt/mqtt-subscriptions.ts';
import {
  type DeliveryTargetKind,
  doublingDelay,
  nextAttemptAt,
  type RetryPolicy,
} from '../../platform/jobs/delivery-target.ts';
import type { Logger } from '../../platform/logging/logger.ts';
import {
  FIRST_CONNECT_WAIT_MS,
  type MqttConnectionPool,
  PUBLISH_TIMEOUT_MS,
} from './mqtt-connection-pool.ts';
import { publicationsFor, UndeliverableMessageError } from './mqtt-messages.ts';

/** Tried again after 1 s, 2 s, 4 s, 8 s, then every 10 s until the broker accepts (decision 10). */
const retryDelayMs = doublingDelay(1_000, 10_000);
/** A takeover makes the most messages: not-in-use, in-use and the takeover message. */
const MOST_MESSAGES_PER_EVENT = 3;
/** A new client's first connection, then each message waiting for its acknowledgement. */
export const MQTT_LONGEST_DELIVERY_MS = FIRST_CONNECT_WAIT_MS + MOST_MESSAGES_PER_EVENT * PUBLISH_TIMEOUT_MS;

/**
 * MQTT configurations as a kind of delivery target: each configuration is a target, so a broker
 * that is down delays only its own configurations, and each configuration keeps the order of its
 * resource's events. A delivery publishes the event's messages with QoS 1 and is done when the
 * broker acknowledged every one of them. Which configurations receive an event is in their
 * subscriptions (domains/mqtt/mqtt-subscriptions.ts), kept by the MQTT service.
 */
export function createMqttTarget(deps: {
  mqtt: Pick<MqttDeliveryLookup, 'configurationIdsOfServer' | 'deliverySettings'>;
  connections: Pick<MqttConnectionPool, 'publish' | 'onConnected'>;
  /** Older messages are dropped, with a warning (MQTT_MAX_MESSAGE_AGE_HOURS). */
  maxAgeMs: number;
  now: () => Date;
  logger: Logger;
}): DeliveryTargetKind {
  const policy: RetryPolicy = { maxAgeMs: deps.maxAgeMs, delayMs: retryDelayMs };
  /**
   * Jobs whose last attempt failed for a reason no retry mends; their retry policy ends them.
   * The runner asks for the policy right after the attempt, in this process.
   */
  const undeliverable = new Set<number>();
  /**
   * How many of a job's messages the broker already acknowledged, so a retry after a takeover's
   * second message failed does not send the first again. In memory: after a restart the job
   * starts over, which is still at least once.
   */
  const acknowledged = new Map<number, number>();

  return {
    kind: MQTT_TARGET_KIND,
    longestDeliveryMs: MQTT_LONGEST_DELIVERY_MS,

    // A client that (re)connects makes the jobs waiting for its configurations due at once,
    // instead of after the rest of their backoff (decision 10).
    bind(control) {
      deps.connections.onConnected((serverId) => {
        void (async () => {
          const ids = await deps.mqtt.configurationIdsOfServer(serverId);
          await control.expedite(ids.map(String));
        })().catch((error: unknown) =>
          deps.logger.warn(
            { err: error, serverId },
            'Waking the MQTT deliveries of a reconnected server failed',
          ),
        );
      });
    },

    async deliver(job) {
      if (!job.event) throw new UndeliverableMessageError(`Job ${job.id} has no event`);
      const target = await deps.mqtt.deliverySettings(Number(job.targetId));
      // A configuration deleted since the event has nowhere to send it: nothing is left to do.
      if (!target) return;
      let messages: ReturnType<typeof publicationsFor>;
      try {
        messages = publicationsFor(job.event, target.configuration);
      } catch (error) {
        if (error instanceof UndeliverableMessageError) undeliverable.add(job.id);
        throw error;
      }
      for (let index = acknowledged.get(job.id) ?? 0; index < messages.length; index += 1) {
        const message = messages[index];
        if (!message) continue;
        await deps.connections.publish(target.connection, message);
        acknowledged.set(job.id, index + 1);
      }
      acknowledged.delete(job.id);
    },

    retryPolicy(job) {
      if (undeliverable.delete(job.id)) {
        acknowledged.delete(job.id);
        return { maxAttempts: job.attempts, delayMs: retryDelayMs };
      }
      if (nextAttemptAt(policy, job, deps.now()) === null) {
        acknowledged.delete(job.id);
        deps.logger.warn(
          {
            configurationId: Number(job.targetId),
            eventId: job.event?.id ?? null,
            eventType: job.event?.type ?? null,
            createdAt: job.createdAt.toISOString(),
            attempts: job.attempts,
          },
          `MQTT message dropped: the broker did not accept it within ${deps.maxAgeMs / 3_600_000} h`,
        );
      }
      return policy;
    },
  };
}
