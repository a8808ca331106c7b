import { EMAIL_SUBJECT_MAX_LENGTH, type EmailTemplate, type EmailTemplatePatch } from '@toolpass/contracts';

/** What the editor changes of a template: its subject and its MJML body. */
export type EmailTemplateDraft = { subject: string; body: string };

export type EmailTemplateProblems = { subject?: 'required' | 'tooLong'; body?: 'required' };

export function draftOf(template: EmailTemplate): EmailTemplateDraft {
  return { subject: template.subject, body: template.body };
}

/** Whether leaving now would lose something: the draft differs from what was last saved. */
export function hasUnsavedChanges(draft: EmailTemplateDraft, saved: EmailTemplateDraft): boolean {
  return draft.subject !== saved.subject || draft.body !== saved.body;
}

/** The checks the server makes too (contracts), run first so the form says what is wrong at once. */
export function validateDraft(draft: EmailTemplateDraft): EmailTemplateProblems {
  const subject = draft.subject.trim();
  const problems: EmailTemplateProblems = {};
  if (subject === '') problems.subject = 'required';
  else if (subject.length > EMAIL_SUBJECT_MAX_LENGTH) problems.subject = 'tooLong';
  if (draft.body.trim() === '') problems.body = 'required';
  return problems;
}

export function hasProblems(problems: EmailTemplateProblems): boolean {
  return Object.keys(problems).length > 0;
}

export function toPatch(draft: EmailTemplateDraft): EmailTemplatePatch {
  return { subject: draft.subject.trim(), body: draft.body };
}

/** How a variable is written in a template. */
export function placeholderOf(variable: string): string {
  return `{{${variable}}}`;
}
