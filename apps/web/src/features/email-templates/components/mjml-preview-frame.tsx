import { Skeleton } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import type { MjmlPreview } from '../api/use-mjml-preview.ts';
import { emailTemplateErrorDetail } from '../hooks/email-template-messages.ts';
import { previewErrorDocument, withDocumentLanguage } from '../preview-document.ts';

type MjmlPreviewFrameProps = { preview: MjmlPreview & { isUpdating: boolean }; className?: string };

/**
 * The rendered mail in a frame with every sandbox restriction (`sandbox=""`): no scripts, no
 * forms, no access to the app, whatever the MJML contains. A failed render shows in red inside
 * the frame (spec 02 §8).
 */
export function MjmlPreviewFrame({ preview, className }: MjmlPreviewFrameProps) {
  const { t, i18n } = useTranslation();
  if (preview.status === 'pending') {
    return <Skeleton className={`w-full rounded-xl ${className ?? ''}`} />;
  }
  const document =
    preview.status === 'ready'
      ? withDocumentLanguage(preview.html, i18n.language)
      : previewErrorDocument({
          language: i18n.language,
          title: t('emailTemplates.preview.error'),
          message: emailTemplateErrorDetail(t, preview.error),
        });
  return (
    <div className="flex min-h-0 flex-col gap-1">
      <iframe
        title={t('emailTemplates.preview.frameTitle')}
        sandbox=""
        srcDoc={document}
        className={`w-full rounded-xl border border-border bg-white ${className ?? ''}`}
      />
      <p className="min-h-5 text-xs text-muted">
        {preview.isUpdating ? t('emailTemplates.preview.updating') : ''}
      </p>
    </div>
  );
}
