import { FieldError, Form, Input, Label, Radio, RadioGroup, Tabs, TextArea, TextField } from '@heroui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown.tsx';
import type { DocumentationDraft, DocumentationKind } from '../documentation-draft.ts';

/** The markdown editor shows at least this many lines (spec 02 §9). */
const MARKDOWN_ROWS = 15;

type DocumentationFormProps = {
  id: string;
  draft: DocumentationDraft;
  onChange: (draft: DocumentationDraft) => void;
  /** Problems to show now: the client's own checks, else what the server refused. */
  problems: { markdown?: string | undefined; url?: string | undefined };
  onSubmit: () => void;
  /** The save and cancel buttons below the fields. */
  footer: ReactNode;
};

/** Documentation type, then the markdown (edit and preview tabs) or the page address (spec 02 §2). */
export function DocumentationForm({
  id,
  draft,
  onChange,
  problems,
  onSubmit,
  footer,
}: DocumentationFormProps) {
  const { t } = useTranslation();
  const set = (change: Partial<DocumentationDraft>) => onChange({ ...draft, ...change });

  return (
    <Form
      id={id}
      // The checks are the app's own, in the app's language; the browser's would not be.
      validationBehavior="aria"
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <RadioGroup
        variant="secondary"
        name="documentationType"
        orientation="horizontal"
        value={draft.kind}
        onChange={(kind) => set({ kind: kind as DocumentationKind })}
      >
        <Label>{t('documentation.editor.type')}</Label>
        <KindOption value="none" label={t('documentation.editor.none')} />
        <KindOption value="markdown" label={t('documentation.editor.markdown')} />
        <KindOption value="url" label={t('documentation.editor.url')} />
      </RadioGroup>

      {draft.kind === 'markdown' && (
        <Tabs className="w-full">
          <Tabs.ListContainer>
            <Tabs.List aria-label={t('documentation.editor.tabsLabel')}>
              <Tabs.Tab id="edit">
                {t('documentation.editor.editTab')}
                <Tabs.Indicator />
              </Tabs.Tab>
              <Tabs.Tab id="preview">
                {t('documentation.editor.previewTab')}
                <Tabs.Indicator />
              </Tabs.Tab>
            </Tabs.List>
          </Tabs.ListContainer>
          <Tabs.Panel id="edit" className="pt-4">
            <TextField
              variant="secondary"
              name="documentationMarkdown"
              value={draft.markdown}
              onChange={(markdown) => set({ markdown })}
              isInvalid={problems.markdown !== undefined}
            >
              <Label>{t('documentation.editor.markdownLabel')}</Label>
              <TextArea rows={MARKDOWN_ROWS} className="font-mono" />
              <FieldError>{problems.markdown}</FieldError>
            </TextField>
          </Tabs.Panel>
          <Tabs.Panel id="preview" className="pt-4">
            {draft.markdown.trim() ? (
              <Markdown>{draft.markdown}</Markdown>
            ) : (
              <p className="text-muted">{t('documentation.editor.previewEmpty')}</p>
            )}
          </Tabs.Panel>
        </Tabs>
      )}

      {draft.kind === 'url' && (
        <TextField
          variant="secondary"
          name="documentationUrl"
          value={draft.url}
          onChange={(url) => set({ url })}
          isInvalid={problems.url !== undefined}
        >
          <Label>{t('documentation.editor.urlLabel')}</Label>
          <Input inputMode="url" placeholder="https://" />
          <FieldError>{problems.url}</FieldError>
        </TextField>
      )}

      {footer}
    </Form>
  );
}

function KindOption({ value, label }: { value: DocumentationKind; label: string }) {
  return (
    <Radio value={value}>
      <Radio.Content>
        <Radio.Control>
          <Radio.Indicator />
        </Radio.Control>
        {label}
      </Radio.Content>
    </Radio>
  );
}
