import { AUDIT_ACTIONS, type AuditAction } from '@toolpass/contracts';
import type { TFunction } from 'i18next';

/**
 * Each action of the audit log in the reader's language. Keyed by the contract's list, so an
 * action added there fails type checking here until it is worded (literal keys, so the
 * translations test finds them).
 */
export function auditActionLabels(t: TFunction): Record<AuditAction, string> {
  return {
    'user.created': t('auditLog.actions.userCreated'),
    'user.promoted': t('auditLog.actions.userPromoted'),
    'user.permissions-changed': t('auditLog.actions.userPermissionsChanged'),
    'user.email-changed': t('auditLog.actions.userEmailChanged'),
    'resource.created': t('auditLog.actions.resourceCreated'),
    'resource.updated': t('auditLog.actions.resourceUpdated'),
    'resource.deleted': t('auditLog.actions.resourceDeleted'),
    'resource.out-of-order': t('auditLog.actions.resourceOutOfOrder'),
    'resource.back-in-service': t('auditLog.actions.resourceBackInService'),
    'resource-group.created': t('auditLog.actions.resourceGroupCreated'),
    'resource-group.updated': t('auditLog.actions.resourceGroupUpdated'),
    'resource-group.deleted': t('auditLog.actions.resourceGroupDeleted'),
    'resource-group.resource-added': t('auditLog.actions.resourceGroupResourceAdded'),
    'resource-group.resource-removed': t('auditLog.actions.resourceGroupResourceRemoved'),
    'introduction.granted': t('auditLog.actions.introductionGranted'),
    'introduction.revoked': t('auditLog.actions.introductionRevoked'),
    'introducer.granted': t('auditLog.actions.introducerGranted'),
    'introducer.revoked': t('auditLog.actions.introducerRevoked'),
    'mqtt-server.created': t('auditLog.actions.mqttServerCreated'),
    'mqtt-server.updated': t('auditLog.actions.mqttServerUpdated'),
    'mqtt-server.deleted': t('auditLog.actions.mqttServerDeleted'),
    'mqtt-configuration.created': t('auditLog.actions.mqttConfigurationCreated'),
    'mqtt-configuration.updated': t('auditLog.actions.mqttConfigurationUpdated'),
    'mqtt-configuration.deleted': t('auditLog.actions.mqttConfigurationDeleted'),
    'webhook.created': t('auditLog.actions.webhookCreated'),
    'webhook.updated': t('auditLog.actions.webhookUpdated'),
    'webhook.deleted': t('auditLog.actions.webhookDeleted'),
    'sso-provider.created': t('auditLog.actions.ssoProviderCreated'),
    'sso-provider.updated': t('auditLog.actions.ssoProviderUpdated'),
    'sso-provider.deleted': t('auditLog.actions.ssoProviderDeleted'),
    'reader.paired': t('auditLog.actions.readerPaired'),
    'reader.updated': t('auditLog.actions.readerUpdated'),
    'reader.deleted': t('auditLog.actions.readerDeleted'),
    'nfc-card.enrolled': t('auditLog.actions.nfcCardEnrolled'),
    'nfc-card.deleted': t('auditLog.actions.nfcCardDeleted'),
    'nfc-card.reset': t('auditLog.actions.nfcCardReset'),
    'email-template.updated': t('auditLog.actions.emailTemplateUpdated'),
    'email-template.restored': t('auditLog.actions.emailTemplateRestored'),
  };
}

const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);

/** An entry's action in words; undefined for one this app does not know (a newer server's). */
export function auditActionLabel(labels: Record<AuditAction, string>, action: string): string | undefined {
  return isAuditAction(action) ? labels[action] : undefined;
}
