import { type EmailTemplate, EmailTemplateMessages } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRestoreDefaultEmailTemplate, useSaveEmailTemplate } from '../api/use-email-template-mutations.ts';
import {
  draftOf,
  type EmailTemplateDraft,
  hasProblems,
  hasUnsavedChanges,
  toPatch,
  validateDraft,
} from '../email-template-draft.ts';
import { emailTemplateErrorDetail, templateTypeName } from './email-template-messages.ts';

/**
 * State of the template editor: the draft, what was last saved (to tell unsaved changes), the
 * app's own checks (shown from the first save on) and the server's messages of a refused save.
 */
export function useEmailTemplateForm(template: EmailTemplate) {
  const { t } = useTranslation();
  const save = useSaveEmailTemplate(template);
  const restore = useRestoreDefaultEmailTemplate(template);
  const [saved, setSaved] = useState(() => draftOf(template));
  const [draft, setDraft] = useState(() => draftOf(template));
  const [isChecked, setIsChecked] = useState(false);
  const name = templateTypeName(t, template.type);

  const change = (next: EmailTemplateDraft) => {
    setDraft(next);
    save.reset();
  };

  const submit = () => {
    setIsChecked(true);
    if (hasProblems(validateDraft(draft))) return;
    const sent = draft;
    save.mutate(toPatch(sent), {
      onSuccess: (result) => {
        const stored = draftOf(result);
        setSaved(stored);
        // What was typed while saving stays; otherwise the draft takes the stored form (trimmed subject).
        setDraft((current) => (current === sent ? stored : current));
        notifySuccess(t('emailTemplates.editor.saved', { name }));
      },
      onError: (error) =>
        notifyError(t('emailTemplates.editor.saveFailed'), emailTemplateErrorDetail(t, error)),
    });
  };

  const restoreDefault = () =>
    restore.mutateAsync(undefined, {
      onSuccess: (result) => {
        const stored = draftOf(result);
        setSaved(stored);
        setDraft(stored);
        save.reset();
        notifySuccess(t('emailTemplates.restore.restored', { name }));
      },
      onError: (error) => notifyError(t('emailTemplates.restore.failed'), emailTemplateErrorDetail(t, error)),
    });

  const problems = isChecked ? validateDraft(draft) : {};
  const refused = save.error instanceof ApiError ? save.error : undefined;
  // A body with problems: they are listed from the preview in the user's language, not MJML's.
  const serverErrors =
    refused?.message === EmailTemplateMessages.invalidMjml
      ? { body: [t('emailTemplates.problems.saveRefused')] }
      : (refused?.fieldErrors ?? {});

  return {
    name,
    draft,
    change,
    submit,
    restoreDefault,
    hasUnsavedChanges: hasUnsavedChanges(draft, saved),
    problems,
    serverErrors,
    isSaving: save.isPending,
    isRestoring: restore.isPending,
  };
}

export type EmailTemplateFormState = ReturnType<typeof useEmailTemplateForm>;
