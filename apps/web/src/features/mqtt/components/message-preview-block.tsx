import { useTranslation } from 'react-i18next';
import { previewMessage, previewTopic } from '../message-preview.ts';

type MessagePreviewBlockProps = {
  topic: string;
  message: string;
  resource: { id: number; name: string };
  now: Date;
};

/**
 * A topic and message as a machine would receive them, filled with sample values: JSON
 * formatted, anything else as plain text (spec 02 §2 "Test page").
 */
export function MessagePreviewBlock({ topic, message, resource, now }: MessagePreviewBlockProps) {
  const { t } = useTranslation();
  const preview = previewMessage(message, resource, now);
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <dt className="text-muted">{t('mqtt.test.previewTopic')}</dt>
      <dd className="font-mono [overflow-wrap:anywhere]">{previewTopic(topic, resource, now)}</dd>
      <dt className="text-muted">
        {preview.isJson ? t('mqtt.test.previewJson') : t('mqtt.test.previewText')}
      </dt>
      <dd>
        {/* Wrapped rather than scrolled, so a phone shows all of it. */}
        <pre className="whitespace-pre-wrap rounded-lg bg-default p-3 font-mono text-xs [overflow-wrap:anywhere]">
          {preview.text}
        </pre>
      </dd>
    </dl>
  );
}
