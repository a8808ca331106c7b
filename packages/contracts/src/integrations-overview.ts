import { z } from 'zod';
import { WEBHOOK_METHODS } from './webhooks.ts';

/** The resource an integration belongs to, by id and name. */
const ResourceRefSchema = z.object({ id: z.number().int(), name: z.string() });

/** A webhook in the list of every resource's webhooks: enough to find it, not its settings. */
export const WebhookOverviewSchema = z
  .object({
    id: z.number().int(),
    resource: ResourceRefSchema,
    name: z.string(),
    url: z.string(),
    method: z.enum(WEBHOOK_METHODS),
    active: z.boolean(),
  })
  .describe('A webhook of some resource, for the list of all integrations');
export type WebhookOverview = z.infer<typeof WebhookOverviewSchema>;

/** GET /api/webhooks: every webhook of every resource, by resource name, then name. */
export const WebhookOverviewListSchema = z.array(WebhookOverviewSchema);

/** An MQTT configuration in the list of every resource's configurations. */
export const MqttConfigurationOverviewSchema = z
  .object({
    id: z.number().int(),
    resource: ResourceRefSchema,
    name: z.string(),
    server: z.object({ id: z.number().int(), name: z.string() }),
    inUseTopic: z.string(),
  })
  .describe('An MQTT configuration of some resource, for the list of all integrations');
export type MqttConfigurationOverview = z.infer<typeof MqttConfigurationOverviewSchema>;

/** GET /api/mqtt/configurations: every resource's configurations, by resource name, then name. */
export const MqttConfigurationOverviewListSchema = z.array(MqttConfigurationOverviewSchema);
