import type { Resource } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../components/markdown.tsx';

/** An embedded page may run its scripts and forms, but not navigate the app (spec 02 §9). */
export const DOCUMENTATION_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

type DocumentationViewerProps = {
  resource: Resource;
  /** Changing it loads the embedded page again (the refresh button). */
  frameReloadKey?: number;
  /** Sizes the embedded page; markdown takes the height of its text. */
  frameClassName?: string;
};

/** A resource's documentation: rendered markdown, an embedded page, or a note that there is none. */
export function DocumentationViewer({
  resource,
  frameReloadKey = 0,
  frameClassName,
}: DocumentationViewerProps) {
  const { t } = useTranslation();
  if (resource.documentationType === 'markdown' && resource.documentationMarkdown) {
    return <Markdown>{resource.documentationMarkdown}</Markdown>;
  }
  if (resource.documentationType === 'url' && resource.documentationUrl) {
    return (
      <iframe
        key={frameReloadKey}
        src={resource.documentationUrl}
        title={t('documentation.frameTitle', { name: resource.name })}
        sandbox={DOCUMENTATION_FRAME_SANDBOX}
        className={`w-full rounded-lg border border-border bg-white ${frameClassName ?? 'h-[70dvh]'}`}
      />
    );
  }
  return <p className="py-6 text-muted">{t('documentation.none')}</p>;
}
