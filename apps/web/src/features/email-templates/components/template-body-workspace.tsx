import { type ReactNode, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MjmlPreview } from '../api/use-mjml-preview.ts';
import { MjmlCodeEditor, type MjmlCodeEditorHandle } from './mjml-code-editor.tsx';
import { MjmlPreviewFrame } from './mjml-preview-frame.tsx';
import { MjmlProblemList } from './mjml-problem-list.tsx';
import { TemplateVariables } from './template-variables.tsx';

type TemplateBodyWorkspaceProps = {
  body: string;
  onChange: (body: string) => void;
  variables: readonly string[];
  preview: MjmlPreview & { isUpdating: boolean };
  /** Shown under the label: the links and buttons that belong to the body. */
  toolbar: ReactNode;
  error?: string | undefined;
  /** In the full-screen view the editor and preview fill the height and the editor takes focus. */
  isFullScreen?: boolean;
};

/** The MJML body: its variables, the code editor and the live preview beside it. */
export function TemplateBodyWorkspace(props: TemplateBodyWorkspaceProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const hintId = useId();
  const editor = useRef<MjmlCodeEditorHandle>(null);
  const height = props.isFullScreen ? 'h-[calc(100dvh-16rem)] min-h-64' : 'h-[28rem]';

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <TemplateVariables variables={props.variables} onInsert={(text) => editor.current?.insert(text)} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
            <span id={labelId} className="text-sm font-medium">
              {t('emailTemplates.editor.body')}
            </span>
            {props.toolbar}
          </div>
          <MjmlCodeEditor
            ref={editor}
            value={props.body}
            onChange={props.onChange}
            labelId={labelId}
            describedById={hintId}
            autoFocus={props.isFullScreen}
            className={height}
          />
          <p id={hintId} className="text-xs text-muted">
            {props.isFullScreen
              ? t('emailTemplates.editor.keyboardHintFullScreen')
              : t('emailTemplates.editor.keyboardHint')}
          </p>
          {props.error && (
            <p role="alert" className="text-sm text-danger">
              {props.error}
            </p>
          )}
          <MjmlProblemList problems={props.preview.status === 'ready' ? props.preview.errors : []} />
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <span className="flex min-h-8 items-center text-sm font-medium">
            {t('emailTemplates.preview.title')}
          </span>
          <MjmlPreviewFrame preview={props.preview} className={height} />
        </div>
      </div>
    </div>
  );
}
