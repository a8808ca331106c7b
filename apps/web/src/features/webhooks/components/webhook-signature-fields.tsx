import { Input } from '@heroui/react';
import { DEFAULT_WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import type { WebhookFormState } from '../hooks/use-webhook-form.ts';
import { WebhookTextField } from './webhook-text-field.tsx';

/** Where the signature scheme is explained at length (spec 02 §2). */
export const WEBHOOK_DOCS_PATH = '/docs/webhooks';

/** The header the signature travels in, and how a receiver checks it (spec 02 §2, §5). */
export function WebhookSignatureFields({ form }: { form: WebhookFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <WebhookTextField
        form={form}
        field="signatureHeader"
        label={t('webhooks.form.signatureHeader')}
        isRequired
      >
        <Input autoComplete="off" spellCheck={false} className="font-mono" />
      </WebhookTextField>
      <SignatureExplanation
        signatureHeader={form.values.signatureHeader.trim() || DEFAULT_WEBHOOK_SIGNATURE_HEADER}
      />
    </>
  );
}

function SignatureExplanation({ signatureHeader }: { signatureHeader: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1 text-sm text-muted">
      <p>
        {t('webhooks.form.signatureExplanation', {
          timestampHeader: WEBHOOK_TIMESTAMP_HEADER,
          signatureHeader,
        })}
      </p>
      <a
        className="w-fit text-link underline"
        href={WEBHOOK_DOCS_PATH}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('webhooks.form.docsLink')}
      </a>
    </div>
  );
}
