import { z } from 'zod';

/** How many deliveries the log of one MQTT configuration or webhook shows. */
export const DELIVERY_LOG_LENGTH = 50;

/**
 * One delivery of an event to an integration target (an MQTT configuration, a webhook), newest
 * first in its log: pending while it waits or is retried, done once accepted, failed for good
 * when its retries are spent.
 */
export const DeliveryLogEntrySchema = z
  .object({
    id: z.number().int().describe('Stable across retries; sent to receivers so they can drop duplicates'),
    eventType: z.string().nullable().describe('usage.started, usage.ended or usage.taken-over'),
    status: z.enum(['pending', 'done', 'failed']),
    attempts: z.number().int().describe('Attempts made so far'),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime().describe('When the event happened and the delivery was queued'),
    finishedAt: z.iso.datetime().nullable(),
  })
  .describe('A delivery to an integration target');
export type DeliveryLogEntry = z.infer<typeof DeliveryLogEntrySchema>;
export const DeliveryLogSchema = z.array(DeliveryLogEntrySchema);
