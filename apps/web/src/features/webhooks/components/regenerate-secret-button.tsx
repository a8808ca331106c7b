import { Button } from '@heroui/react';
import type { Webhook, WebhookWithSecret } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { useRegenerateWebhookSecret } from '../api/use-webhook-mutations.ts';
import { webhookErrorDetail } from '../webhook-messages.ts';

type RegenerateSecretButtonProps = {
  resourceId: number;
  webhook: Webhook;
  /** The answer with the new secret, to be shown once. */
  onRegenerated: (webhook: WebhookWithSecret) => void;
};

/** Replaces the signing secret after a confirmation: receivers holding the old one start refusing. */
export function RegenerateSecretButton({ resourceId, webhook, onRegenerated }: RegenerateSecretButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const regenerate = useRegenerateWebhookSecret(resourceId, webhook.id);
  return (
    <ConfirmDialog
      trigger={<Button variant="secondary">{t('webhooks.regenerate.button')}</Button>}
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      tone="warning"
      title={t('webhooks.regenerate.title', { name: webhook.name })}
      paragraphs={[t('webhooks.regenerate.message'), t('webhooks.regenerate.irreversible')]}
      cancelLabel={t('webhooks.cancel')}
      confirmLabel={t('webhooks.regenerate.confirm')}
      isPending={regenerate.isPending}
      onConfirm={() =>
        regenerate.mutate(undefined, {
          onSuccess: (answer) => {
            setIsOpen(false);
            onRegenerated(answer);
          },
          onError: (error) => notifyError(t('webhooks.errors.regenerate'), webhookErrorDetail(t, error)),
        })
      }
    />
  );
}
