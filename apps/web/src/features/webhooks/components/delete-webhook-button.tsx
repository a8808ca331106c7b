import { AlertDialog, Button } from '@heroui/react';
import type { Webhook } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useDeleteWebhook } from '../api/use-webhook-mutations.ts';
import { webhookErrorDetail } from '../webhook-messages.ts';

/** Deletes a webhook after a confirmation (spec 02 §8); its pending deliveries are dropped. */
export function DeleteWebhookButton({ resourceId, webhook }: { resourceId: number; webhook: Webhook }) {
  const { t } = useTranslation();
  const remove = useDeleteWebhook(resourceId, webhook.id);
  const needsConnection = useNeedsConnection();
  return (
    <AlertDialog>
      <Button variant="danger-soft">
        <TrashIcon />
        {t('webhooks.delete.button')}
      </Button>
      <AlertDialog.Backdrop>
        <AlertDialog.Container>
          <AlertDialog.Dialog>
            <AlertDialog.Header>
              <AlertDialog.Icon status="danger" />
              <AlertDialog.Heading className="wrap-anywhere">
                {t('webhooks.delete.title', { name: webhook.name })}
              </AlertDialog.Heading>
            </AlertDialog.Header>
            <AlertDialog.Body className="flex flex-col gap-2">
              <p>{t('webhooks.delete.detail')}</p>
              <p>{t('webhooks.delete.message')}</p>
            </AlertDialog.Body>
            <AlertDialog.Footer>
              <Button slot="close" variant="tertiary">
                {t('webhooks.cancel')}
              </Button>
              <Button
                variant="danger"
                {...needsConnection}
                isPending={remove.isPending}
                onPress={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => notifySuccess(t('webhooks.delete.deleted'), webhook.name),
                    onError: (error) =>
                      notifyError(t('webhooks.errors.delete'), webhookErrorDetail(t, error)),
                  })
                }
              >
                {t('webhooks.delete.confirm')}
              </Button>
            </AlertDialog.Footer>
          </AlertDialog.Dialog>
        </AlertDialog.Container>
      </AlertDialog.Backdrop>
    </AlertDialog>
  );
}
