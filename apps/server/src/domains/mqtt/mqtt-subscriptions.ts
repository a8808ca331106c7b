import type { Subscription } from '../../platform/events/subscriptions.ts';
import type { TargetRef } from '../../platform/jobs/job-upkeep.ts';

/** The kind of delivery target of MQTT configurations; stored with every job, so never renamed. */
export const MQTT_TARGET_KIND = 'mqtt';

/** The events an MQTT configuration publishes for. */
export const MQTT_EVENT_TYPES: ReadonlySet<string> = new Set([
  'usage.started',
  'usage.ended',
  'usage.taken-over',
]);

export const mqttTarget = (configurationId: number): TargetRef => ({
  kind: MQTT_TARGET_KIND,
  id: String(configurationId),
});

/** What a configuration receives: every usage event of its resource (decision 18). */
export function mqttSubscriptions(configuration: { resourceId: number }): Subscription[] {
  return [...MQTT_EVENT_TYPES].map((eventType) => ({ resourceId: configuration.resourceId, eventType }));
}
