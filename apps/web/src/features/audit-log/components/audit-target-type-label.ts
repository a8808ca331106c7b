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

/** An introduction's (or introducer's) target id: its resource or group, and its user. */
const INTRODUCTION_ID = /^(resource|group):(\d+):user:(\d+)$/;

/**
 * The line under a target's name: its kind and id (`Resource #4`). An introduction's id joins
 * its resource or group and its user (`resource:1:user:3`), which reads as both, in words.
 */
export function auditTargetDetail(
  t: TFunction,
  labels: Record<AuditTargetType, string>,
  target: { type: AuditTargetType; id: string },
): string {
  const introduction = target.type === 'introduction' ? INTRODUCTION_ID.exec(target.id) : null;
  if (introduction) {
    const [, scope, scopeId, userId] = introduction;
    return scope === 'resource'
      ? t('auditLog.introductionOnResource', { resourceId: scopeId, userId })
      : t('auditLog.introductionOnGroup', { groupId: scopeId, userId });
  }
  // Numbers are ids; an email template is known by its type (`verify-email`).
  return /^\d+$/.test(target.id)
    ? `${labels[target.type]} #${target.id}`
    : `${labels[target.type]}: ${target.id}`;
}
