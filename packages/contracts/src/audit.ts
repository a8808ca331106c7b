import { z } from 'zod';
import { IdSchema, PageQuerySchema, pagedSchema, userText } from './common.ts';

/** What an audit entry is about (issue 32). */
export const AUDIT_TARGET_TYPES = [
  'user',
  'resource',
  'resource-group',
  'introduction',
  'mqtt-server',
  'mqtt-configuration',
  'webhook',
  'sso-provider',
  'reader',
  'nfc-card',
  'email-template',
  'plugin',
] as const;
export const AuditTargetTypeSchema = z.enum(AUDIT_TARGET_TYPES);
export type AuditTargetType = z.infer<typeof AuditTargetTypeSchema>;

/**
 * Every action the server records, `<target type>.<past tense>` (issue 32). The server records
 * only these (its audit recorder takes an `AuditAction`) and the web app words each of them, so a
 * new one fails type checking on both sides until it is named and translated.
 */
export const AUDIT_ACTIONS = [
  'user.created',
  'user.promoted',
  'user.permissions-changed',
  'user.email-changed',
  'resource.created',
  'resource.updated',
  'resource.deleted',
  'resource.out-of-order',
  'resource.back-in-service',
  'resource-group.created',
  'resource-group.updated',
  'resource-group.deleted',
  'resource-group.resource-added',
  'resource-group.resource-removed',
  'introduction.granted',
  'introduction.revoked',
  'introducer.granted',
  'introducer.revoked',
  'mqtt-server.created',
  'mqtt-server.updated',
  'mqtt-server.deleted',
  'mqtt-configuration.created',
  'mqtt-configuration.updated',
  'mqtt-configuration.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.deleted',
  'sso-provider.created',
  'sso-provider.updated',
  'sso-provider.deleted',
  'reader.paired',
  'reader.updated',
  'reader.deleted',
  'nfc-card.enrolled',
  'nfc-card.deleted',
  'nfc-card.reset',
  'email-template.updated',
  'email-template.restored',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who may read the audit log: holders of either permission (issue 32). */
export const AUDIT_LOG_PERMISSIONS = ['canManageUsers', 'canManageSystemConfiguration'] as const;

/** What a secret field's change reads as in an entry: its values are never written. */
export const AUDIT_SECRET_CHANGED = 'changed';

/** A field's value before and after the change; null where there was none (created, deleted). */
export const AuditFieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const AuditEntrySchema = z
  .object({
    id: z.number().int(),
    at: z.iso.datetime(),
    /** Who made the change; null for the system (automatic actions, the command line). */
    actor: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    /** `<target type>.<past tense>`, e.g. `user.permissions-changed`, `resource.updated`. */
    action: z.string(),
    target: z.object({ type: AuditTargetTypeSchema, id: z.string(), name: z.string() }),
    changes: z.record(z.string(), AuditFieldChangeSchema),
  })
  .describe('One administrative change: when, who, what, on which target, the fields before and after');
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

const TimeQuerySchema = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 time with a zone' });

/** `GET /api/audit-log` filters; `from` and `to` bound `at` (both inclusive). */
export const AuditLogQuerySchema = PageQuerySchema.extend({
  actorId: IdSchema.optional(),
  targetType: AuditTargetTypeSchema.optional(),
  targetId: userText().min(1).max(100).optional(),
  action: userText().min(1).max(100).optional(),
  from: TimeQuerySchema.optional(),
  to: TimeQuerySchema.optional(),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuerySchema>;

/** The CSV export takes the same filters, without paging: it streams every matching entry. */
export const AuditLogCsvQuerySchema = AuditLogQuerySchema.omit({ page: true, limit: true });
export type AuditLogCsvQuery = z.infer<typeof AuditLogCsvQuerySchema>;

export const AuditLogPageSchema = pagedSchema(AuditEntrySchema);

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'actorId',
  'actorUsername',
  'action',
  'targetType',
  'targetId',
  'targetName',
  'changes',
] as const;
