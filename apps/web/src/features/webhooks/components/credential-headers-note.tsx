import type { Webhook } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Which credential headers are stored (their values are write-only), and, once the typed address
 * leaves their origin, that saving drops them unless they are given again (issue 26).
 */
export function CredentialHeadersNote({ webhook, url }: { webhook: Webhook | undefined; url: string }) {
  const { t } = useTranslation();
  if (!webhook || webhook.credentialHeaders.length === 0) return null;
  const names = webhook.credentialHeaders.join(', ');
  const typed = originOf(url);
  if (typed !== undefined && typed !== originOf(webhook.url)) {
    return (
      <p role="alert" className="text-sm text-warning">
        {t('webhooks.form.credentialHeadersDropped', { names })}
      </p>
    );
  }
  return <p className="text-sm text-muted">{t('webhooks.form.credentialHeaders', { names })}</p>;
}
