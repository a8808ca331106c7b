import { Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/icons.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { defaultResourceTopic, espDeviceSnippet } from '../esp-snippet.ts';

/** How long the copy button says "Copied". */
const COPIED_FOR_MS = 2000;

/** A sketch for an ESP32 that follows this resource's default topic, ready to copy. */
export function EspDeviceSnippet({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const [isCopied, setIsCopied] = useState(false);
  const code = espDeviceSnippet(resourceId);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), COPIED_FOR_MS);
    } catch {
      // No clipboard outside a secure context, or the permission was refused.
      notifyError(t('iot.esp.copyFailed'));
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <p className="text-sm text-muted">
        {t('iot.esp.description', { topic: defaultResourceTopic(resourceId) })}
      </p>
      <div className="relative min-w-0">
        <Button size="sm" variant="secondary" className="absolute end-2 top-2" onPress={() => void copy()}>
          {isCopied && <CheckIcon />}
          {isCopied ? t('iot.esp.copied') : t('iot.esp.copy')}
        </Button>
        <section
          aria-label={t('iot.esp.codeLabel')}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the code.
          tabIndex={0}
          className="max-h-[32rem] overflow-auto rounded-lg bg-default p-4 pt-12"
        >
          <pre className="font-mono text-xs leading-relaxed">
            <code>{code}</code>
          </pre>
        </section>
      </div>
      <p className="text-sm text-muted">{t('iot.esp.libraries')}</p>
    </div>
  );
}
