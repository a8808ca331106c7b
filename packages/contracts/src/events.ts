import { z } from 'zod';
import { IntroductionHistoryEntrySchema } from './introductions.ts';
import { ResourceGroupSchema } from './resource-groups.ts';
import { ResourceSchema } from './resources.ts';
import { UsageSessionSchema, UserRefSchema } from './usage.ts';

/**
 * Domain events: written to the outbox in the same transaction as the change, then delivered
 * to the SSE stream (and later MQTT and webhooks) with the same type names (DESIGN §5).
 */
const eventData = {
  'usage.started': z.object({ resourceId: z.number().int(), session: UsageSessionSchema }),
  'usage.ended': z.object({ resourceId: z.number().int(), session: UsageSessionSchema }),
  'usage.taken-over': z.object({
    resourceId: z.number().int(),
    previousSession: UsageSessionSchema.describe('The session that was ended by the takeover'),
    session: UsageSessionSchema,
  }),
  'resource.created': z.object({ resourceId: z.number().int(), resource: ResourceSchema }),
  'resource.updated': z.object({ resourceId: z.number().int(), resource: ResourceSchema }),
  'resource.deleted': z.object({ resourceId: z.number().int() }),
  'resource-group.updated': z.object({
    groupId: z.number().int(),
    group: ResourceGroupSchema.describe('The group after the change (renamed or described)'),
    resourceIds: z.array(z.number().int()).describe('The resources of the group'),
  }),
  'resource-group.deleted': z.object({
    groupId: z.number().int(),
    group: ResourceGroupSchema,
    resourceIds: z.array(z.number().int()).describe('The resources that were in the group; they stay'),
  }),
  'resource-group.resource-added': z.object({
    groupId: z.number().int(),
    resourceId: z.number().int(),
    resource: ResourceSchema.describe('The resource with its groups after the change'),
  }),
  'resource-group.resource-removed': z.object({
    groupId: z.number().int(),
    resourceId: z.number().int(),
    resource: ResourceSchema.describe('The resource with its groups after the change'),
  }),
  'introducer.granted': z.object({
    resourceId: z.number().int().nullable().describe('Set for an introducer of a resource'),
    groupId: z.number().int().nullable().describe('Set for an introducer of a resource group'),
    resourceIds: z.array(z.number().int()).describe('Every resource the introducer may now introduce to'),
    user: UserRefSchema,
  }),
  'introducer.revoked': z.object({
    resourceId: z.number().int().nullable(),
    groupId: z.number().int().nullable(),
    resourceIds: z.array(z.number().int()),
    user: UserRefSchema,
  }),
  'introduction.granted': z.object({
    resourceId: z.number().int().nullable().describe('Set for an introduction to a resource'),
    groupId: z.number().int().nullable().describe('Set for an introduction to a resource group'),
    resourceIds: z.array(z.number().int()).describe('Every resource the introduction applies to'),
    receiverUser: UserRefSchema,
    entry: IntroductionHistoryEntrySchema,
  }),
  'introduction.revoked': z.object({
    resourceId: z.number().int().nullable(),
    groupId: z.number().int().nullable(),
    resourceIds: z.array(z.number().int()),
    receiverUser: UserRefSchema,
    entry: IntroductionHistoryEntrySchema,
  }),
} as const;

export type DomainEventType = keyof typeof eventData;
export const DOMAIN_EVENT_TYPES = Object.keys(eventData) as DomainEventType[];

function envelope<T extends DomainEventType>(type: T) {
  return z.object({
    id: z.number().int(),
    type: z.literal(type),
    occurredAt: z.iso.datetime(),
    data: eventData[type],
  });
}

export const DomainEventSchema = z
  .discriminatedUnion('type', [
    envelope('usage.started'),
    envelope('usage.ended'),
    envelope('usage.taken-over'),
    envelope('resource.created'),
    envelope('resource.updated'),
    envelope('resource.deleted'),
    envelope('resource-group.updated'),
    envelope('resource-group.deleted'),
    envelope('resource-group.resource-added'),
    envelope('resource-group.resource-removed'),
    envelope('introducer.granted'),
    envelope('introducer.revoked'),
    envelope('introduction.granted'),
    envelope('introduction.revoked'),
  ])
  .describe('Event envelope { id, type, occurredAt, data }');
export type DomainEvent = z.infer<typeof DomainEventSchema>;

/** What a service records: the envelope without the id and time the outbox assigns. */
export type NewDomainEvent = {
  [T in DomainEventType]: { type: T; data: z.infer<(typeof eventData)[T]> };
}[DomainEventType];
