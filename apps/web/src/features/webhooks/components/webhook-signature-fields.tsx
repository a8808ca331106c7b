import { Input, Label, TextField } from '@heroui/react';
import { DEFAULT_WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMESTAMP_HEADER } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { TranslatedFieldError } from '../../../components/translated-field-error.tsx';
import type { WebhookFormState } from '../hooks/use-webhook-form.ts';

/** Where the signature scheme is explained at length (spec 02 §2). */
export const WEBHOOK_DOCS_PATH = '/docs/webhooks';

/** The header the signature travels in, and how a receiver checks it (spec 02 §2, §5). */
export function WebhookSignatureFields({ form }: { form: WebhookFormState }) {
  const { t } = useTranslation();
  const { values, set, errorOf } = form;
  return (
    <>
      <TextField
        isRequired
        name="signatureHeader"
        value={values.signatureHeader}
        onChange={set('signatureHeader')}
        isInvalid={errorOf('signatureHeader') !== undefined}
      >
        <Label>{t('webhooks.form.signatureHeader')}</Label>
        <Input autoComplete="off" spellCheck={false} className="font-mono" />
        <TranslatedFieldError serverMessage={errorOf('signatureHeader')} />
      </TextField>
      <SignatureExplanation
        signatureHeader={values.signatureHeader.trim() || DEFAULT_WEBHOOK_SIGNATURE_HEADER}
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
