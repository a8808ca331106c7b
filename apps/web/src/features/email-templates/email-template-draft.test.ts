import { EMAIL_SUBJECT_MAX_LENGTH } from '@toolpass/contracts';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, placeholderOf, toPatch, validateDraft } from './email-template-draft.ts';

const saved = { subject: 'Reset your password', body: '<mjml></mjml>' };

describe('email template draft', () => {
  it('has no unsaved changes while it equals what was saved', () => {
    expect(hasUnsavedChanges({ ...saved }, saved)).toBe(false);
  });

  it('has unsaved changes once the subject or the body differs', () => {
    expect(hasUnsavedChanges({ ...saved, subject: 'Reset your password!' }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...saved, body: '<mjml> </mjml>' }, saved)).toBe(true);
  });

  it('has none again when a change is typed back', () => {
    const edited = { ...saved, body: `${saved.body}x` };
    expect(hasUnsavedChanges(edited, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...edited, body: edited.body.slice(0, -1) }, saved)).toBe(false);
  });

  it('requires a subject and a body, and limits the subject as the server does', () => {
    expect(validateDraft(saved)).toEqual({});
    expect(validateDraft({ subject: '  ', body: ' \n' })).toEqual({ subject: 'required', body: 'required' });
    expect(validateDraft({ ...saved, subject: 'x'.repeat(EMAIL_SUBJECT_MAX_LENGTH) })).toEqual({});
    expect(validateDraft({ ...saved, subject: 'x'.repeat(EMAIL_SUBJECT_MAX_LENGTH + 1) })).toEqual({
      subject: 'tooLong',
    });
  });

  it('sends the subject trimmed and the body as written', () => {
    expect(toPatch({ subject: '  Hi {{user.username}} ', body: '  <mjml/>\n' })).toEqual({
      subject: 'Hi {{user.username}}',
      body: '  <mjml/>\n',
    });
  });

  it('writes a variable in double curly braces', () => {
    expect(placeholderOf('user.username')).toBe('{{user.username}}');
  });
});
