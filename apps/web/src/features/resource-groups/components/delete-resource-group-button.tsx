import { AlertDialog, Button } from '@heroui/react';
import type { ResourceGroup } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TrashIcon } from '../../../components/icons.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDeleteResourceGroup } from '../api/use-delete-resource-group.ts';

/** Deletes the group after a confirmation, then returns to the start page (spec 01 §2). */
export function DeleteResourceGroupButton({ group }: { group: ResourceGroup }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteResourceGroup(group.id);
  return (
    <AlertDialog>
      <Button variant="danger-soft">
        <TrashIcon />
        {t('resourceGroups.delete.button')}
      </Button>
      <AlertDialog.Backdrop>
        <AlertDialog.Container>
          <AlertDialog.Dialog>
            <AlertDialog.Header>
              <AlertDialog.Icon status="danger" />
              <AlertDialog.Heading>
                {t('resourceGroups.delete.title', { name: group.name })}
              </AlertDialog.Heading>
            </AlertDialog.Header>
            <AlertDialog.Body>
              <p>{t('resourceGroups.delete.message')}</p>
            </AlertDialog.Body>
            <AlertDialog.Footer>
              <Button slot="close" variant="tertiary">
                {t('resourceGroups.cancel')}
              </Button>
              <Button
                variant="danger"
                isPending={remove.isPending}
                onPress={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => {
                      notifySuccess(t('resourceGroups.delete.successTitle'), group.name);
                      void navigate('/');
                    },
                    onError: (error) => notifyError(t('resourceGroups.delete.failedTitle'), error.message),
                  })
                }
              >
                {t('resourceGroups.delete.confirm')}
              </Button>
            </AlertDialog.Footer>
          </AlertDialog.Dialog>
        </AlertDialog.Container>
      </AlertDialog.Backdrop>
    </AlertDialog>
  );
}
