import { AlertDialog, Button } from '@heroui/react';
import type { Webhook, WebhookWithSecret } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
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
  const needsConnection = useNeedsConnection();
  return (
    <AlertDialog isOpen={isOpen} onOpenChange={setIsOpen}>
      <Button variant="secondary">{t('webhooks.regenerate.button')}</Button>
      <AlertDialog.Backdrop>
        <AlertDialog.Container>
          <AlertDialog.Dialog>
            <AlertDialog.Header>
              <AlertDialog.Icon status="warning" />
              <AlertDialog.Heading className="wrap-anywhere">
                {t('webhooks.regenerate.title', { name: webhook.name })}
              </AlertDialog.Heading>
            </AlertDialog.Header>
            <AlertDialog.Body className="flex flex-col gap-2">
              <p>{t('webhooks.regenerate.message')}</p>
              <p>{t('webhooks.regenerate.irreversible')}</p>
            </AlertDialog.Body>
            <AlertDialog.Footer>
              <Button slot="close" variant="tertiary">
                {t('webhooks.cancel')}
              </Button>
              <Button
                variant="danger"
                {...needsConnection}
                isPending={regenerate.isPending}
                onPress={() =>
                  regenerate.mutate(undefined, {
                    onSuccess: (answer) => {
                      setIsOpen(false);
                      onRegenerated(answer);
                    },
                    onError: (error) =>
                      notifyError(t('webhooks.errors.regenerate'), webhookErrorDetail(t, error)),
                  })
                }
              >
                {t('webhooks.regenerate.confirm')}
              </Button>
            </AlertDialog.Footer>
          </AlertDialog.Dialog>
        </AlertDialog.Container>
      </AlertDialog.Backdrop>
    </AlertDialog>
  );
}
