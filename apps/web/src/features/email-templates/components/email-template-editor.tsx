import { Button, Card, FieldError, Input, Label, Modal, TextField } from '@heroui/react';
import type { EmailTemplate, Language } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadedPage } from '../../../components/loaded-page.tsx';
import { PageForm } from '../../../components/page-form.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useEmailTemplate } from '../api/use-email-templates.ts';
import { useMjmlPreview } from '../api/use-mjml-preview.ts';
import { emailTemplateErrorDetail, problemText } from '../hooks/email-template-messages.ts';
import { useEmailTemplateForm } from '../hooks/use-email-template-form.ts';
import { templateLanguageLink } from '../hooks/use-template-language.ts';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard.ts';
import { RestoreDefaultButton } from './restore-default-button.tsx';
import { TemplateBodyWorkspace } from './template-body-workspace.tsx';
import { TemplateLanguageSwitch } from './template-language-switch.tsx';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';

export const EMAIL_TEMPLATES_PATH = '/email-templates';
/** MJML's own reference of its tags, linked beside the editor (spec 02 §2). */
export const MJML_DOCUMENTATION_URL = 'https://documentation.mjml.io/';

/**
 * /email-templates/{type}?language=: the saved template of that language, loaded first (spec 02
 * §2 "Email templates"; one per language, decision 19).
 */
export function EmailTemplateEditor({ type, language }: { type: string; language: Language }) {
  const { t } = useTranslation();
  return (
    <LoadedPage
      query={useEmailTemplate(type, language)}
      title={t('emailTemplates.editor.loadingTitle')}
      back={{ to: templateLanguageLink(EMAIL_TEMPLATES_PATH, language), label: t('emailTemplates.back') }}
      skeletonClassName="h-[36rem] w-full rounded-2xl"
      errorTitle={t('emailTemplates.editor.loadFailed')}
      errorMessage={(error) => emailTemplateErrorDetail(t, error)}
      notFoundTitle={t('emailTemplates.messages.notFound')}
    >
      {(template) => <TemplateForm template={template} />}
    </LoadedPage>
  );
}

function TemplateForm({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const form = useEmailTemplateForm(template);
  const preview = useMjmlPreview(form.draft.body);
  const blocker = useUnsavedChangesGuard(form.hasUnsavedChanges);
  const listPath = templateLanguageLink(EMAIL_TEMPLATES_PATH, template.language);
  const [isFullScreen, setIsFullScreen] = useState(false);
  const subjectError = problemText(t, form.problems.subject) ?? form.serverErrors.subject?.[0];
  const bodyError = problemText(t, form.problems.body) ?? form.serverErrors.body?.[0];
  // The same body, variables and preview in the page and in the full-screen view.
  const workspace = {
    body: form.draft.body,
    onChange: (body: string) => form.change({ ...form.draft, body }),
    variables: template.variables,
    preview,
    error: bodyError,
  };

  const documentationLink = (
    <a
      href={MJML_DOCUMENTATION_URL}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm text-accent-soft-foreground underline underline-offset-2"
    >
      {t('emailTemplates.editor.mjmlDocumentation')}
      <span className="sr-only"> {t('emailTemplates.editor.opensInNewTab')}</span>
    </a>
  );

  return (
    <>
      <PageHeader
        title={form.name}
        subtitle={t('emailTemplates.editor.subtitle')}
        back={{ to: listPath, label: t('emailTemplates.back') }}
        actions={
          <RestoreDefaultButton
            templateName={form.name}
            isPending={form.isRestoring}
            onConfirm={form.restoreDefault}
          />
        }
      />
      <TemplateLanguageSwitch path={`${EMAIL_TEMPLATES_PATH}/${template.type}`} current={template.language} />
      <Card>
        <Card.Content>
          <PageForm
            onSubmit={form.submit}
            cancelTo={listPath}
            cancelLabel={t('emailTemplates.cancel')}
            submitLabel={t('emailTemplates.editor.save')}
            isPending={form.isSaving}
          >
            <TextField
              variant="secondary"
              name="subject"
              className="max-w-3xl"
              value={form.draft.subject}
              onChange={(subject) => form.change({ ...form.draft, subject })}
              isInvalid={subjectError !== undefined}
            >
              <Label>{t('emailTemplates.editor.subject')}</Label>
              <Input />
              <FieldError>{subjectError}</FieldError>
            </TextField>

            <TemplateBodyWorkspace
              {...workspace}
              toolbar={
                <div className="flex flex-wrap items-center gap-3">
                  {documentationLink}
                  <Button size="sm" variant="tertiary" onPress={() => setIsFullScreen(true)}>
                    {t('emailTemplates.editor.fullScreen')}
                  </Button>
                </div>
              }
            />
          </PageForm>
        </Card.Content>
      </Card>

      <Modal.Backdrop isOpen={isFullScreen} onOpenChange={setIsFullScreen}>
        <Modal.Container size="full">
          <Modal.Dialog>
            <Modal.CloseTrigger aria-label={t('emailTemplates.editor.exitFullScreen')} />
            <Modal.Header>
              <Modal.Heading>{t('emailTemplates.editor.fullScreenTitle', { name: form.name })}</Modal.Heading>
            </Modal.Header>
            <Modal.Body>
              <TemplateBodyWorkspace {...workspace} isFullScreen toolbar={documentationLink} />
            </Modal.Body>
            <Modal.Footer>
              <Button slot="close" variant="secondary">
                {t('emailTemplates.editor.exitFullScreen')}
              </Button>
            </Modal.Footer>
          </Modal.Dialog>
        </Modal.Container>
      </Modal.Backdrop>

      <UnsavedChangesDialog blocker={blocker} />
    </>
  );
}
