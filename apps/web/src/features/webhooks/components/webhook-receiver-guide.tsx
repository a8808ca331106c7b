import {
  DEFAULT_WEBHOOK_SIGNATURE_HEADER,
  TEMPLATE_VARIABLES,
  WEBHOOK_ID_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
} from '@toolpass/contracts';
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

/** What a receiver of Toolpass webhooks gets and how it checks that a request is genuine. */
export function WebhookReceiverGuide() {
  const { t } = useTranslation();
  const code = <code className="rounded bg-surface-secondary px-1" />;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <section className="flex flex-col gap-2" aria-labelledby="webhook-docs-when">
        <h2 id="webhook-docs-when" className="text-lg font-semibold">
          {t('webhookDocs.when.title')}
        </h2>
        <p>{t('webhookDocs.when.body')}</p>
      </section>
      <section className="flex flex-col gap-2" aria-labelledby="webhook-docs-headers">
        <h2 id="webhook-docs-headers" className="text-lg font-semibold">
          {t('webhookDocs.headers.title')}
        </h2>
        <ul className="list-disc ps-6">
          <li>
            <Trans
              i18nKey="webhookDocs.headers.timestamp"
              values={{ header: WEBHOOK_TIMESTAMP_HEADER }}
              components={{ code }}
            />
          </li>
          <li>
            <Trans
              i18nKey="webhookDocs.headers.signature"
              values={{ header: DEFAULT_WEBHOOK_SIGNATURE_HEADER }}
              components={{ code }}
            />
          </li>
          <li>
            <Trans
              i18nKey="webhookDocs.headers.id"
              values={{ header: WEBHOOK_ID_HEADER }}
              components={{ code }}
            />
          </li>
        </ul>
      </section>
      <section className="flex flex-col gap-3" aria-labelledby="webhook-docs-verify">
        <h2 id="webhook-docs-verify" className="text-lg font-semibold">
          {t('webhookDocs.verify.title')}
        </h2>
        <p>{t('webhookDocs.verify.body')}</p>
        <CodeBlock label="Node.js" code={NODE_EXAMPLE} />
        <CodeBlock label="Python" code={PYTHON_EXAMPLE} />
      </section>
      <section className="flex flex-col gap-2" aria-labelledby="webhook-docs-retries">
        <h2 id="webhook-docs-retries" className="text-lg font-semibold">
          {t('webhookDocs.retries.title')}
        </h2>
        <p>{t('webhookDocs.retries.body')}</p>
      </section>
      <section className="flex flex-col gap-2" aria-labelledby="webhook-docs-variables">
        <h2 id="webhook-docs-variables" className="text-lg font-semibold">
          {t('webhookDocs.variables.title')}
        </h2>
        <p>{t('webhookDocs.variables.body')}</p>
        <ul className="flex flex-wrap gap-2">
          {TEMPLATE_VARIABLES.map((variable) => (
            <li key={variable}>
              <code className="rounded bg-surface-secondary px-1">{`{{${variable}}}`}</code>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
