import { Button, Card, FieldError, Form, Input, Label, Modal, TextField } from '@heroui/react';
import type { EmailTemplate } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useEmailTemplate } from '../api/use-email-templates.ts';
import { useMjmlPreview } from '../api/use-mjml-preview.ts';
import { emailTemplateErrorDetail, problemText } from '../hooks/email-template-messages.ts';
import { useEmailTemplateForm } from '../hooks/use-email-template-form.ts';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard.ts';
import { RestoreDefaultButton } from './restore-default-button.tsx';
import { TemplateBodyWorkspace } from './template-body-workspace.tsx';
import { UnsavedChangesDialog } from './unsaved-changes-dialog.tsx';

export const EMAIL_TEMPLATES_PATH = '/email-templates';
/** MJML's own reference of its tags, linked beside the editor (spec 02 §2). */
export const MJML_DOCUMENTATION_URL = 'https://documentation.mjml.io/';

/** /email-templates/{type}: the saved template, loaded first (spec 02 §2 "Email templates"). */
export function EmailTemplateEditor({ type }: { type: string }) {
  const { t } = useTranslation();
  const template = useEmailTemplate(type);
  const back = { to: EMAIL_TEMPLATES_PATH, label: t('emailTemplates.back') };

  if (!template.isSuccess) {
    return (
      <>
        <PageHeader title={t('emailTemplates.editor.loadingTitle')} back={back} />
        <QueryFallback
          query={template}
          skeletonClassName="h-[36rem] w-full rounded-2xl"
          errorTitle={t('emailTemplates.editor.loadFailed')}
          errorMessage={(error) => emailTemplateErrorDetail(t, error)}
          notFoundTitle={t('emailTemplates.messages.notFound')}
        />
      </>
    );
  }
  // Starts from the saved template once; a refetch (focus, reconnect) does not wipe the draft.
  return <TemplateForm template={template.data} />;
}

function TemplateForm({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation();
  const form = useEmailTemplateForm(template);
  const preview = useMjmlPreview(form.draft.body);
  const blocker = useUnsavedChangesGuard(form.hasUnsavedChanges);
  const [isFullScreen, setIsFullScreen] = useState(false);
  const subjectError = problemText(t, form.problems.subject) ?? form.serverErrors.subject?.[0];
  const bodyError = problemText(t, form.problems.body) ?? form.serverErrors.body?.[0];
  const changeBody = (body: string) => form.change({ ...form.draft, body });

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
        back={{ to: EMAIL_TEMPLATES_PATH, label: t('emailTemplates.back') }}
        actions={
          <RestoreDefaultButton
            templateName={form.name}
            isPending={form.isRestoring}
            onConfirm={form.restoreDefault}
          />
        }
      />
      <Card>
        <Card.Content>
          <Form
            // The checks are the app's own, in the app's language; the browser's would not be.
            validationBehavior="aria"
            className="flex flex-col gap-6"
            onSubmit={(event) => {
              event.preventDefault();
              form.submit();
            }}
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
              body={form.draft.body}
              onChange={changeBody}
              variables={template.variables}
              preview={preview}
              error={bodyError}
              toolbar={
                <div className="flex flex-wrap items-center gap-3">
                  {documentationLink}
                  <Button size="sm" variant="tertiary" onPress={() => setIsFullScreen(true)}>
                    {t('emailTemplates.editor.fullScreen')}
                  </Button>
                </div>
              }
            />

            <div className="flex flex-wrap justify-end gap-2">
              <LinkButton to={EMAIL_TEMPLATES_PATH} variant="tertiary">
                {t('emailTemplates.cancel')}
              </LinkButton>
              <SubmitButton isPending={form.isSaving}>{t('emailTemplates.editor.save')}</SubmitButton>
            </div>
          </Form>
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
              <TemplateBodyWorkspace
                body={form.draft.body}
                onChange={changeBody}
                variables={template.variables}
                preview={preview}
                error={bodyError}
                isFullScreen
                toolbar={documentationLink}
              />
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
