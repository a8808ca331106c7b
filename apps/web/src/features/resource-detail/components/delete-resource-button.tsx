import { Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteResource } from '../../resources/api/use-delete-resource.ts';

/** Deletes the resource after a confirmation, then returns to the overview (spec 01 §2). */
export function DeleteResourceButton({
  resourceId,
  resourceName,
}: {
  resourceId: number;
  resourceName: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
            void navigate('/resources');
          },
          onError: () =>
            notifyError(t('resourceDetail.delete.failedTitle'), t('resourceDetail.delete.failedMessage')),
        })
      }
    />
  );
}
