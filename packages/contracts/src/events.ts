import { z } from 'zod';
import { UserRefSchema } from './usage.ts';

/**
 * Domain events: written to the outbox in the same transaction as the change, then handed to the
 * SSE streams and delivered to MQTT, webhooks and plugins with the same type names (architecture §Events).
 * Payloads are slim and versioned (`v` in the envelope): ids, times and the names integrations
 * need, never whole rows. A consumer checks `v` before it reads `data`.
 */
const IdField = z.number().int();
const TimeField = z.iso.datetime();

/** The user of a session as integrations address it (MQTT and webhook template variables). */
export const EventUserSchema = z
  .object({
    id: IdField,
    username: z.string(),
    externalIdentifier: z
      .string()
      .nullable()
      .describe('The identifier of the user at the single sign-on provider'),
  })
  .describe('user.id, user.username and user.externalIdentifier of the templates');
export type EventUser = z.infer<typeof EventUserSchema>;

export const UsageStartedDataSchema = z
  .object({
    resourceId: IdField,
    resourceName: z.string(),
    sessionId: IdField,
    user: EventUserSchema,
    startTime: TimeField,
    notes: z.string().nullable().describe('The start notes'),
  })
  .describe('A user started a session');
export const UsageEndedDataSchema = z
  .object({
    resourceId: IdField,
    resourceName: z.string(),
    sessionId: IdField,
    user: EventUserSchema,
    startTime: TimeField,
    endTime: TimeField,
    notes: z.string().nullable().describe('The end notes'),
  })
  .describe("A user's session ended");
export const UsageTakenOverDataSchema = z
  .object({
    resourceId: IdField,
    resourceName: z.string(),
    sessionId: IdField.describe('The new session'),
    previousSessionId: IdField.describe('The session the takeover ended'),
    user: EventUserSchema.describe('The user who took over'),
    previousUser: EventUserSchema.describe('The user whose session was ended'),
    startTime: TimeField.describe('Start of the new session, which is the end of the previous one'),
    notes: z.string().nullable().describe('The start notes of the new session'),
  })
  .describe("A user took over another user's running session");
export const ResourceEventDataSchema = z
  .object({ resourceId: IdField, resourceName: z.string() })
  .describe('A resource was created, changed or deleted');
export const ResourceGroupEventDataSchema = z
  .object({
    groupId: IdField,
    groupName: z.string(),
    resourceIds: z.array(IdField).describe('The resources of the group (for a deleted group: they stay)'),
  })
  .describe('A resource group was changed or deleted');
export const GroupMembershipEventDataSchema = z
  .object({ groupId: IdField, resourceId: IdField })
  .describe('A resource joined or left a group');
export const IntroducerEventDataSchema = z
  .object({
    resourceId: IdField.nullable().describe('Set for an introducer of a resource'),
    groupId: IdField.nullable().describe('Set for an introducer of a resource group'),
    resourceIds: z.array(IdField).describe('Every resource the introducer may introduce to'),
    user: UserRefSchema,
  })
  .describe('A user became, or stopped being, an introducer');
export const IntroductionEventDataSchema = z
  .object({
    resourceId: IdField.nullable().describe('Set for an introduction to a resource'),
    groupId: IdField.nullable().describe('Set for an introduction to a resource group'),
    resourceIds: z.array(IdField).describe('Every resource the introduction applies to'),
    receiverUser: UserRefSchema,
    entryId: IdField.describe('The history entry of the grant or revocation'),
    comment: z.string().nullable(),
  })
  .describe('An introduction was granted or revoked');

export const ResourceStatusEventDataSchema = z
  .object({
    resourceId: IdField,
    resourceName: z.string(),
    reason: z.string().nullable().describe('null when back in service'),
    by: UserRefSchema,
  })
  .describe('A resource went out of order or back in service');
export const UsageLimitWarningDataSchema = z
  .object({
    resourceId: IdField,
    resourceName: z.string(),
    sessionId: IdField,
    user: UserRefSchema,
    endsAt: TimeField,
  })
  .describe('A session ends automatically soon');
export const BookingEventDataSchema = z
  .object({
    bookingId: IdField,
    resourceId: IdField,
    resourceName: z.string(),
    user: UserRefSchema.nullable().describe('The holder; null for a block'),
    start: TimeField,
    end: TimeField,
    kind: z.enum(['booking', 'block']),
  })
  .describe('A booking was created, moved, cancelled, started, or released as a no-show');
export const WaitListEventDataSchema = z
  .object({
    resourceId: IdField,
    resourceName: z.string(),
    user: UserRefSchema.describe('The member whose turn it is'),
    heldUntil: TimeField,
  })
  .describe('The resource is free and held for the first in line of its wait list');

export type UsageStartedData = z.infer<typeof UsageStartedDataSchema>;
export type UsageEndedData = z.infer<typeof UsageEndedDataSchema>;
export type UsageTakenOverData = z.infer<typeof UsageTakenOverDataSchema>;
export type ResourceEventData = z.infer<typeof ResourceEventDataSchema>;
export type ResourceGroupEventData = z.infer<typeof ResourceGroupEventDataSchema>;
export type GroupMembershipEventData = z.infer<typeof GroupMembershipEventDataSchema>;
export type IntroducerEventData = z.infer<typeof IntroducerEventDataSchema>;
export type IntroductionEventData = z.infer<typeof IntroductionEventDataSchema>;
export type ResourceStatusEventData = z.infer<typeof ResourceStatusEventDataSchema>;
export type UsageLimitWarningData = z.infer<typeof UsageLimitWarningDataSchema>;
export type BookingEventData = z.infer<typeof BookingEventDataSchema>;
export type WaitListEventData = z.infer<typeof WaitListEventDataSchema>;

const eventData = {
  'usage.started': UsageStartedDataSchema,
  'usage.ended': UsageEndedDataSchema,
  'usage.taken-over': UsageTakenOverDataSchema,
  'resource.created': ResourceEventDataSchema,
  'resource.updated': ResourceEventDataSchema,
  'resource.deleted': ResourceEventDataSchema,
  'resource-group.updated': ResourceGroupEventDataSchema,
  'resource-group.deleted': ResourceGroupEventDataSchema,
  'resource-group.resource-added': GroupMembershipEventDataSchema,
  'resource-group.resource-removed': GroupMembershipEventDataSchema,
  'introducer.granted': IntroducerEventDataSchema,
  'introducer.revoked': IntroducerEventDataSchema,
  'introduction.granted': IntroductionEventDataSchema,
  'introduction.revoked': IntroductionEventDataSchema,
  'resource.out-of-order': ResourceStatusEventDataSchema,
  'resource.back-in-service': ResourceStatusEventDataSchema,
  'usage.limit-warning': UsageLimitWarningDataSchema,
  'booking.created': BookingEventDataSchema,
  'booking.moved': BookingEventDataSchema,
  'booking.cancelled': BookingEventDataSchema,
  'booking.started': BookingEventDataSchema,
  'booking.no-show': BookingEventDataSchema,
  'wait-list.your-turn': WaitListEventDataSchema,
} as const;

export type DomainEventType = keyof typeof eventData;
/** The version of the event payloads below; consumers check it before reading `data`. */
export const DOMAIN_EVENT_VERSION = 1;
export const DOMAIN_EVENT_TYPES = Object.keys(eventData) as DomainEventType[];

/** The envelope of architecture §Events around one event type's data. */
function envelopeOf<T extends DomainEventType, D extends z.ZodObject>(type: T, data: D) {
  return z.object({
    id: z.number().int(),
    type: z.literal(type),
    v: z.literal(DOMAIN_EVENT_VERSION),
    occurredAt: z.iso.datetime(),
    data,
  });
}
const envelope = <T extends DomainEventType>(type: T) => envelopeOf(type, eventData[type]);

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
    envelope('resource.out-of-order'),
    envelope('resource.back-in-service'),
    envelope('usage.limit-warning'),
    envelope('booking.created'),
    envelope('booking.moved'),
    envelope('booking.cancelled'),
    envelope('booking.started'),
    envelope('booking.no-show'),
    envelope('wait-list.your-turn'),
  ])
  .describe('Event envelope { id, type, v, occurredAt, data }');
export type DomainEvent = z.infer<typeof DomainEventSchema>;

/** What a service records: the envelope without the id and time the outbox assigns. */
export type NewDomainEvent = {
  [T in DomainEventType]: { type: T; data: z.infer<(typeof eventData)[T]> };
}[DomainEventType];

/**
 * What a server-sent frame carries: the event as its subscriber may see it. Notes, external
 * identifiers, an introduction's receiver and its comment are left out for viewers the HTTP API
 * would not show them to; the web app refetches through the API either way.
 */
const PublicEventUserSchema = EventUserSchema.partial({ externalIdentifier: true });
const liveData = {
  ...eventData,
  'usage.started': UsageStartedDataSchema.extend({ user: PublicEventUserSchema }).partial({ notes: true }),
  'usage.ended': UsageEndedDataSchema.extend({ user: PublicEventUserSchema }).partial({ notes: true }),
  'usage.taken-over': UsageTakenOverDataSchema.extend({
    user: PublicEventUserSchema,
    previousUser: PublicEventUserSchema,
  }).partial({ notes: true }),
  'introduction.granted': IntroductionEventDataSchema.partial({ receiverUser: true, comment: true }),
  'introduction.revoked': IntroductionEventDataSchema.partial({ receiverUser: true, comment: true }),
} as const;

const liveEnvelope = <T extends DomainEventType>(type: T) => envelopeOf(type, liveData[type]);

export const LiveEventSchema = z
  .discriminatedUnion('type', [
    liveEnvelope('usage.started'),
    liveEnvelope('usage.ended'),
    liveEnvelope('usage.taken-over'),
    liveEnvelope('resource.created'),
    liveEnvelope('resource.updated'),
    liveEnvelope('resource.deleted'),
    liveEnvelope('resource-group.updated'),
    liveEnvelope('resource-group.deleted'),
    liveEnvelope('resource-group.resource-added'),
    liveEnvelope('resource-group.resource-removed'),
    liveEnvelope('introducer.granted'),
    liveEnvelope('introducer.revoked'),
    liveEnvelope('introduction.granted'),
    liveEnvelope('introduction.revoked'),
    liveEnvelope('resource.out-of-order'),
    liveEnvelope('resource.back-in-service'),
    liveEnvelope('usage.limit-warning'),
    liveEnvelope('booking.created'),
    liveEnvelope('booking.moved'),
    liveEnvelope('booking.cancelled'),
    liveEnvelope('booking.started'),
    liveEnvelope('booking.no-show'),
    liveEnvelope('wait-list.your-turn'),
  ])
  .describe('A server-sent event frame { id, type, v, occurredAt, data }, as its subscriber may see it');
export type LiveEvent = z.infer<typeof LiveEventSchema>;
