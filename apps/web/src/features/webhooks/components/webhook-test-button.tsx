import { Button } from '@heroui/react';
import type { Webhook } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useTestWebhook } from '../api/use-webhook-mutations.ts';
import { webhookErrorDetail, webhookTestDetail } from '../webhook-messages.ts';

type WebhookTestButtonProps = { resourceId: number; webhook: Webhook; 'aria-describedby'?: string };

/**
 * Sends one signed test request with the saved settings and tells how the receiver answered
 * (spec 02 §8: a success or failed notice with the server's message).
 */
export function WebhookTestButton({ resourceId, webhook, ...props }: WebhookTestButtonProps) {
  const { t } = useTranslation();
  const test = useTestWebhook(resourceId, webhook.id);
  const needsConnection = useNeedsConnection();
  return (
    <Button
      variant="secondary"
      isDisabled={needsConnection.isDisabled}
      // Offline, the banner's reason comes first; otherwise the caller's note, if any.
      aria-describedby={needsConnection['aria-describedby'] ?? props['aria-describedby']}
      isPending={test.isPending}
      onPress={() =>
        test.mutate(undefined, {
          onSuccess: (result) =>
            result.success
              ? notifySuccess(t('webhooks.test.succeeded'), webhookTestDetail(t, result))
              : notifyError(t('webhooks.test.failed'), webhookTestDetail(t, result)),
          onError: (error) => notifyError(t('webhooks.errors.test'), webhookErrorDetail(t, error)),
        })
      }
    >
      {t('webhooks.test.button')}
    </Button>
  );
}
