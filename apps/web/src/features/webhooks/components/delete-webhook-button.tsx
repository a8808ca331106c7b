import { Button } from '@heroui/react';
import type { Webhook } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteWebhook } from '../api/use-webhook-mutations.ts';
import { webhookErrorDetail } from '../webhook-messages.ts';

/** Deletes a webhook after a confirmation (spec 02 §8); its pending deliveries are dropped. */
export function DeleteWebhookButton({ resourceId, webhook }: { resourceId: number; webhook: Webhook }) {
  const { t } = useTranslation();
  const remove = useDeleteWebhook(resourceId, webhook.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger-soft">
          <TrashIcon />
          {t('webhooks.delete.button')}
        </Button>
      }
      title={t('webhooks.delete.title', { name: webhook.name })}
      paragraphs={[t('webhooks.delete.detail'), t('webhooks.delete.message')]}
      cancelLabel={t('webhooks.cancel')}
      confirmLabel={t('webhooks.delete.confirm')}
      isPending={remove.isPending}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => notifySuccess(t('webhooks.delete.deleted'), webhook.name),
          onError: (error) => notifyError(t('webhooks.errors.delete'), webhookErrorDetail(t, error)),
        })
      }
    />
  );
}
