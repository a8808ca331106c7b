import {
  DEFAULT_WEBHOOK_SIGNATURE_HEADER,
  TEMPLATE_VARIABLES,
  WEBHOOK_ID_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@toolpass/contracts';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';

/** A receiver's check of a request, in Node.js; the same scheme as the server's signing. */
const NODE_EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// secret: the whsec_… value shown when the webhook was created or its secret regenerated
function isFromToolpass(headers, rawBody, secret) {
  const timestamp = headers['${WEBHOOK_TIMESTAMP_HEADER.toLowerCase()}'];
  const signature = headers['${DEFAULT_WEBHOOK_SIGNATURE_HEADER.toLowerCase()}'] ?? '';
  // Refuse old requests: a copied request cannot be replayed later.
  if (Math.abs(Date.now() - Number(timestamp)) > 5 * 60 * 1000) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest('hex');
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}`;

const PYTHON_EXAMPLE = `import hashlib, hmac, time

def is_from_toolpass(headers, raw_body: bytes, secret: str) -> bool:
    timestamp = headers["${WEBHOOK_TIMESTAMP_HEADER}"]
    signature = headers.get("${DEFAULT_WEBHOOK_SIGNATURE_HEADER}", "")
    if abs(time.time() * 1000 - int(timestamp)) > 5 * 60 * 1000:
        return False
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(signature, expected)`;

function CodeBlock({ label, code }: { label: string; code: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      {/* Wrapped, not scrolled: a scrolling block would need to be focusable for keyboard users. */}
      <pre className="whitespace-pre-wrap rounded-lg bg-surface-secondary p-3 text-sm [overflow-wrap:anywhere]">
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** The headers every request carries, each with the key of its explanation. */
const HEADERS = [
  { key: 'timestamp', header: WEBHOOK_TIMESTAMP_HEADER },
  { key: 'signature', header: DEFAULT_WEBHOOK_SIGNATURE_HEADER },
  { key: 'id', header: WEBHOOK_ID_HEADER },
] as const;

type GuideSectionProps = { id: string; title: string; gap?: 'gap-2' | 'gap-3'; children: ReactNode };

function GuideSection({ id, title, gap = 'gap-2', children }: GuideSectionProps) {
  const headingId = `webhook-docs-${id}`;
  return (
    <section className={`flex flex-col ${gap}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a receiver of Toolpass webhooks gets and how it checks that a request is genuine. */
export function WebhookReceiverGuide() {
  const { t } = useTranslation();
  const code = <code className="rounded bg-surface-secondary px-1" />;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <GuideSection id="when" title={t('webhookDocs.when.title')}>
        <p>{t('webhookDocs.when.body')}</p>
      </GuideSection>
      <GuideSection id="headers" title={t('webhookDocs.headers.title')}>
        <ul className="list-disc ps-6">
          {HEADERS.map(({ key, header }) => (
            <li key={key}>
              <Trans i18nKey={`webhookDocs.headers.${key}`} values={{ header }} components={{ code }} />
            </li>
          ))}
        </ul>
      </GuideSection>
      <GuideSection id="verify" title={t('webhookDocs.verify.title')} gap="gap-3">
        <p>{t('webhookDocs.verify.body')}</p>
        <CodeBlock label="Node.js" code={NODE_EXAMPLE} />
        <CodeBlock label="Python" code={PYTHON_EXAMPLE} />
      </GuideSection>
      <GuideSection id="retries" title={t('webhookDocs.retries.title')}>
        <p>{t('webhookDocs.retries.body')}</p>
      </GuideSection>
      <GuideSection id="variables" title={t('webhookDocs.variables.title')}>
        <p>{t('webhookDocs.variables.body')}</p>
        <ul className="flex flex-wrap gap-2">
          {TEMPLATE_VARIABLES.map((variable) => (
            <li key={variable}>
              <code className="rounded bg-surface-secondary px-1">{`{{${variable}}}`}</code>
            </li>
          ))}
        </ul>
      </GuideSection>
    </div>
  );
}
