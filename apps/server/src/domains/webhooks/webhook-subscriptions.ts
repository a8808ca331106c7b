import type { Webhook } from '@toolpass/contracts';
import type { Subscription } from '../../platform/events/subscriptions.ts';
import type { TargetRef } from '../../platform/jobs/job-upkeep.ts';

/** The kind of delivery target webhooks are; stored with every job, so it never changes. */
export const WEBHOOK_TARGET_KIND = 'webhook';

export const webhookTarget = (webhookId: number): TargetRef => ({
  kind: WEBHOOK_TARGET_KIND,
  id: String(webhookId),
});

/** The booking events one switch sends (decision 23). */
export const BOOKING_EVENT_TYPES = [
  'booking.created',
  'booking.moved',
  'booking.cancelled',
  'booking.started',
  'booking.no-show',
] as const;

/**
 * What a webhook receives (decision 18): the usage events of its resource its flags let through,
 * none while it is switched off. One row per event type, so the flags cost the event's
 * transaction nothing.
 */
export function webhookSubscriptions(
  webhook: Pick<
    Webhook,
    'resourceId' | 'active' | 'sendOnStart' | 'sendOnStop' | 'sendOnTakeover' | 'sendOnBooking'
  >,
): Subscription[] {
  if (!webhook.active) return [];
  const types = [
    webhook.sendOnStart ? 'usage.started' : null,
    webhook.sendOnStop ? 'usage.ended' : null,
    webhook.sendOnTakeover ? 'usage.taken-over' : null,
    ...BOOKING_EVENT_TYPES.map((type) => (webhook.sendOnBooking ? type : null)),
  ];
  return types
    .filter((type): type is string => type !== null)
    .map((eventType) => ({ resourceId: webhook.resourceId, eventType }));
}
