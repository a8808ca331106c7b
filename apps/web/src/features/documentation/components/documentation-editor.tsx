import { Card, Skeleton } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../components/link-button.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResourceDocumentation, useSaveDocumentation } from '../api/use-resource-documentation.ts';
import {
  type DocumentationDraft,
  draftOf,
  hasProblems,
  toDocumentationBody,
  validateDocumentation,
} from '../documentation-draft.ts';
import { DocumentationForm } from './documentation-form.tsx';
import { DocumentationPageLoadError } from './documentation-load-error.tsx';

const FORM_ID = 'documentation-form';

/** The documentation editor page of a resource (spec 02 §2 "Documentation editor"). */
export function DocumentationEditor({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const resource = useResourceDocumentation(resourceId);
  const back = { to: `/resources/${resourceId}`, label: t('documentation.back') };

  if (resource.isPending) {
    return (
      <>
        <PageHeader title={t('documentation.editor.title')} back={back} />
        <Skeleton className="h-96 w-full rounded-2xl" />
      </>
    );
  }
  if (resource.isError) {
    return (
      <>
        <PageHeader title={t('documentation.editor.title')} back={back} />
        <DocumentationPageLoadError error={resource.error} onRetry={() => void resource.refetch()} />
      </>
    );
  }
  // Starts from the saved documentation once; a live refresh of the resource does not wipe the draft.
  return <EditorForm resource={resource.data} back={back} />;
}

function EditorForm({ resource, back }: { resource: Resource; back: { to: string; label: string } }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveDocumentation(resource.id);
  const [draft, setDraft] = useState(() => draftOf(resource));
  // Problems show from the first save attempt on, then follow the typing.
  const [isChecked, setIsChecked] = useState(false);
  const problems = isChecked ? validateDocumentation(draft) : {};
  const problemText = {
    markdownRequired: t('documentation.validation.markdownRequired'),
    urlRequired: t('documentation.validation.urlRequired'),
    invalidUrl: t('documentation.validation.invalidUrl'),
  };
  const serverProblems = save.error instanceof ApiError ? save.error.fieldErrors : {};

  const change = (next: DocumentationDraft) => {
    setDraft(next);
    save.reset();
  };
  const submit = () => {
    setIsChecked(true);
    if (hasProblems(validateDocumentation(draft))) return;
    save.mutate(toDocumentationBody(draft), {
      onSuccess: () => {
        notifySuccess(t('documentation.editor.savedTitle'));
        void navigate(back.to);
      },
      onError: () =>
        notifyError(t('documentation.editor.saveFailedTitle'), t('documentation.editor.saveFailedMessage')),
    });
  };

  const actions = (
    <div className="flex flex-wrap gap-2">
      <LinkButton to={back.to} variant="tertiary">
        {t('documentation.editor.cancel')}
      </LinkButton>
      <SubmitButton form={FORM_ID} isPending={save.isPending}>
        {t('documentation.editor.save')}
      </SubmitButton>
    </div>
  );

  return (
    <>
      <PageHeader
        title={t('documentation.editor.title')}
        subtitle={resource.name}
        back={back}
        actions={actions}
      />
      <Card>
        <Card.Content>
          <DocumentationForm
            id={FORM_ID}
            draft={draft}
            onChange={change}
            onSubmit={submit}
            problems={{
              markdown: problems.markdown
                ? problemText[problems.markdown]
                : serverProblems.documentationMarkdown?.[0],
              url: problems.url ? problemText[problems.url] : serverProblems.documentationUrl?.[0],
            }}
            footer={<div className="flex justify-end">{actions}</div>}
          />
        </Card.Content>
      </Card>
    </>
  );
}
