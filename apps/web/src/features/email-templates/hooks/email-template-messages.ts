import {
  EMAIL_SUBJECT_MAX_LENGTH,
  EmailTemplateMessages,
  type EmailTemplateType,
  type MjmlProblem,
} from '@toolpass/contracts';
import type { TFunction } from 'i18next';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { EmailTemplateProblems } from '../email-template-draft.ts';

/** The name of a template type (spec 02 §2 names the first two); literal keys, so the check finds them. */
export function templateTypeName(t: TFunction, type: EmailTemplateType): string {
  switch (type) {
    case 'verify-email':
      return t('emailTemplates.types.verifyEmail');
    case 'reset-password':
      return t('emailTemplates.types.resetPassword');
    case 'change-email':
      return t('emailTemplates.types.changeEmail');
    case 'email-changed':
      return t('emailTemplates.types.emailChanged');
    case 'introduction-reminder':
      return t('emailTemplates.types.introductionReminder');
    case 'wait-list-your-turn':
      return t('emailTemplates.types.waitListYourTurn');
  }
}

/** What a variable holds, shown beside it in the editor. */
export function variableDescription(t: TFunction, variable: string): string | undefined {
  switch (variable) {
    case 'user.username':
      return t('emailTemplates.variables.username');
    case 'user.email':
      return t('emailTemplates.variables.email');
    case 'newEmail':
      return t('emailTemplates.variables.newEmail');
    case 'url':
      return t('emailTemplates.variables.url');
    case 'host':
      return t('emailTemplates.variables.host');
    case 'name':
      return t('emailTemplates.variables.name');
    case 'expiresAt':
      return t('emailTemplates.variables.expiresAt');
    case 'daysLeft':
      return t('emailTemplates.variables.daysLeft');
    case 'heldUntil':
      return t('emailTemplates.variables.heldUntil');
    case 'minutes':
      return t('emailTemplates.variables.minutes');
    default:
      return undefined;
  }
}

/** A server message in the user's language: the template contract's own, the common ones, else as sent. */
export function emailTemplateErrorDetail(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : String(error);
  if (error.message === EmailTemplateMessages.notFound) return t('emailTemplates.messages.notFound');
  if (error.message === EmailTemplateMessages.invalidMjml) return t('emailTemplates.messages.invalidMjml');
  if (error.message === EmailTemplateMessages.renderTooSlow)
    return t('emailTemplates.messages.renderTooSlow');
  if (error.message === EmailTemplateMessages.renderBusy) return t('emailTemplates.messages.renderBusy');
  return translateServerMessage(t, error.message);
}

/** A problem of the MJML in the user's language; MJML's own English for the kinds it has no code for. */
export function mjmlProblemText(t: TFunction, problem: MjmlProblem): string {
  const params = problem.params ?? {};
  switch (problem.code) {
    case 'misplacedTag':
      return t('emailTemplates.problems.misplacedTag', params);
    case 'unknownTag':
      return t('emailTemplates.problems.unknownTag', params);
    case 'illegalAttributes':
      return t('emailTemplates.problems.illegalAttributes', params);
    case 'unclosedTag':
      return t('emailTemplates.problems.unclosedTag', params);
    case 'unexpectedClosingTag':
      return t('emailTemplates.problems.unexpectedClosingTag', params);
    case 'strayText':
      return t('emailTemplates.problems.strayText', params);
    case 'other':
      return problem.message;
  }
}

export function problemText(t: TFunction, problem: EmailTemplateProblems[keyof EmailTemplateProblems]) {
  switch (problem) {
    case 'required':
      return t('emailTemplates.editor.required');
    case 'tooLong':
      return t('emailTemplates.editor.subjectTooLong', { max: EMAIL_SUBJECT_MAX_LENGTH });
    case undefined:
      return undefined;
  }
}
