import type { AuditTargetType } from '@toolpass/contracts';
import type { TFunction } from 'i18next';

/** The name of each kind of target, in the reader's language. */
export function targetTypeLabels(t: TFunction): Record<AuditTargetType, string> {
  return {
    user: t('auditLog.targetTypes.user'),
    resource: t('auditLog.targetTypes.resource'),
    'resource-group': t('auditLog.targetTypes.resourceGroup'),
    introduction: t('auditLog.targetTypes.introduction'),
    'mqtt-server': t('auditLog.targetTypes.mqttServer'),
    'mqtt-configuration': t('auditLog.targetTypes.mqttConfiguration'),
    webhook: t('auditLog.targetTypes.webhook'),
    'sso-provider': t('auditLog.targetTypes.ssoProvider'),
    reader: t('auditLog.targetTypes.reader'),
    'nfc-card': t('auditLog.targetTypes.nfcCard'),
    'email-template': t('auditLog.targetTypes.emailTemplate'),
    plugin: t('auditLog.targetTypes.plugin'),
  };
}
