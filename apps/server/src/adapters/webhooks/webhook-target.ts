import {
  type DomainEvent,
  DomainEventSchema,
  renderTemplate,
  type TemplateValues,
} from '@toolpass/contracts';
import type { WebhookSender } from '../../domains/webhooks/webhook-sender.ts';
import { WEBHOOK_TARGET_KIND } from '../../domains/webhooks/webhook-subscriptions.ts';
import type { DeliverableWebhook, WebhooksService } from '../../domains/webhooks/webhooks.service.ts';
import type { DeliveryTargetKind, RetryPolicy } from '../../platform/jobs/delivery-target.ts';
import type { ClaimedJob } from '../../platform/jobs/job-store.ts';
import { WEBHOOK_TIMEOUT_MS } from './webhook-request.ts';

type UsageEvent = Extract<DomainEvent, { type: 'usage.started' | 'usage.ended' | 'usage.taken-over' }>;
type BookingEvent = Extract<DomainEvent, { type: `booking.${string}` }>;

/** Every attempt a webhook allows: the first, and its retries when they are enabled. */
export function attemptsAllowed(webhook: { retryEnabled: boolean; maxRetries: number }): number {
  return webhook.retryEnabled ? 1 + webhook.maxRetries : 1;
}

/** The job's event, checked against its contract: consumers read only what they can trust. */
function usageEventOf(job: ClaimedJob): UsageEvent | BookingEvent {
  const parsed = DomainEventSchema.safeParse(job.event);
  if (parsed.success && parsed.data.type.startsWith('booking.')) return parsed.data as BookingEvent;
  if (
    parsed.success &&
    (parsed.data.type === 'usage.started' ||
      parsed.data.type === 'usage.ended' ||
      parsed.data.type === 'usage.taken-over')
  ) {
    return parsed.data;
  }
  throw new Error(`Job ${job.id} does not carry a usage event this version can read`);
}

/** The body template and template values of an event (spec 02 §3). */
function templateFor(
  webhook: DeliverableWebhook,
  event: UsageEvent,
): { template: string; values: TemplateValues } {
  const { data } = event;
  const resource = { id: data.resourceId, name: data.resourceName };
  switch (event.type) {
    case 'usage.started':
      return {
        template: webhook.inUseTemplate,
        values: { ...resource, timestamp: event.data.startTime, user: event.data.user },
      };
    case 'usage.ended':
      return {
        template: webhook.notInUseTemplate,
        values: { ...resource, timestamp: event.data.endTime, user: event.data.user },
      };
    case 'usage.taken-over':
      return {
        template: webhook.takeoverTemplate,
        values: {
          ...resource,
          timestamp: event.data.startTime,
          user: event.data.user,
          previousUser: event.data.previousUser,
        },
      };
  }
}

function renderBody(webhook: DeliverableWebhook, event: UsageEvent): string {
  const { template, values } = templateFor(webhook, event);
  return renderTemplate(template, values);
}

/**
 * Webhooks as a kind of delivery target (architecture §Events): each webhook is a target, gets a
 * job for each usage event it subscribed to (webhook-subscriptions.ts), and is retried by its own
 * settings. Jobs are delivered at least
 * once; the job id goes out as X-Webhook-Id, so a receiver can drop a request it has seen.
 */
export function createWebhookTarget(deps: {
  webhooks: Pick<WebhooksService, 'forDelivery' | 'retrySettings'>;
  send: WebhookSender;
  now: () => Date;
}): DeliveryTargetKind {
  return {
    kind: WEBHOOK_TARGET_KIND,
    // One request, cut off with its answer's body after this.
    longestDeliveryMs: WEBHOOK_TIMEOUT_MS,

    async deliver(job) {
      const event = usageEventOf(job);
      const webhook = await deps.webhooks.forDelivery(Number(job.targetId));
      // Deleted or switched off since the event: the manager no longer wants it sent.
      if (!webhook?.active) return;
      // A job claimed again after its claimer died counts that attempt too, sent or not: the
      // limit a manager set is never exceeded, even across a crash.
      if (job.attempts > attemptsAllowed(webhook)) {
        throw new Error('No attempt left: an earlier attempt was cut short by a restart');
      }
      // Booking events have no template of their own (decision 23): their contract's JSON.
      const body = event.type.startsWith('booking.')
        ? JSON.stringify({ type: event.type, data: event.data })
        : renderBody(webhook, event as UsageEvent);
      const answer = await deps.send({
        url: webhook.url,
        method: webhook.method,
        headers: webhook.headers,
        signatureHeader: webhook.signatureHeader,
        secret: webhook.secret,
        body,
        deliveryId: String(job.id),
        timestamp: deps.now().getTime(),
      });
      if (!answer.ok) throw new Error(answer.error);
    },

    async retryPolicy(job): Promise<RetryPolicy> {
      const settings = await deps.webhooks.retrySettings(Number(job.targetId));
      if (!settings) return { maxAttempts: 1, delayMs: () => 0 };
      return { maxAttempts: attemptsAllowed(settings), delayMs: () => settings.retryDelay };
    },
  };
}
