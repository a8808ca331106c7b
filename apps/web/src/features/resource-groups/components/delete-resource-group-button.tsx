import { Button } from '@heroui/react';
import type { ResourceGroup } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { TrashIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteResourceGroup } from '../api/use-delete-resource-group.ts';

/**
 * Deletes the group after a confirmation (spec 01 §2); `onDeleted` then leaves its page, which
 * returns to the start page.
 */
export function DeleteResourceGroupButton({
  group,
  onDeleted,
}: {
  group: ResourceGroup;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteResourceGroup(group.id);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger-soft">
          <TrashIcon />
          {t('resourceGroups.delete.button')}
        </Button>
      }
      title={t('resourceGroups.delete.title', { name: group.name })}
      paragraphs={[t('resourceGroups.delete.message')]}
      cancelLabel={t('resourceGroups.cancel')}
      confirmLabel={t('resourceGroups.delete.confirm')}
      isPending={remove.isPending}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess(t('resourceGroups.delete.successTitle'), group.name);
            onDeleted();
          },
          onError: (error) => notifyError(t('resourceGroups.delete.failedTitle'), error.message),
        })
      }
    />
  );
}
