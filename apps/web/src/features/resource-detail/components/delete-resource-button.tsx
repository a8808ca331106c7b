import { Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteResource } from '../../resources/api/use-delete-resource.ts';

/**
 * Deletes the resource after a confirmation (spec 01 §2); `onDeleted` then leaves its page, which
 * goes back to the overview.
 */
export function DeleteResourceButton({
  resourceId,
  resourceName,
  onDeleted,
}: {
  resourceId: number;
  resourceName: string;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const deleteResource = useDeleteResource(resourceId);
  const [isOpen, setIsOpen] = useState(false);
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="danger-soft">
          {t('resourceDetail.delete.button')}
        </Button>
      }
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      title={t('resourceDetail.delete.title', { name: resourceName })}
      paragraphs={[t('resourceDetail.delete.warning')]}
      cancelLabel={t('resourceDetail.delete.cancel')}
      confirmLabel={t('resourceDetail.delete.confirm')}
      isPending={deleteResource.isPending}
      onConfirm={() =>
        deleteResource.mutate(undefined, {
          onSuccess: () => {
            setIsOpen(false);
            notifySuccess(t('resourceDetail.delete.succeeded'));
            onDeleted();
          },
          onError: () =>
            notifyError(t('resourceDetail.delete.failedTitle'), t('resourceDetail.delete.failedMessage')),
        })
      }
    />
  );
}
