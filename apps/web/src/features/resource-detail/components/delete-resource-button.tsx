import { AlertDialog, Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
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
    <>
      <Button size="sm" variant="danger-soft" onPress={() => setIsOpen(true)}>
        {t('resourceDetail.delete.button')}
      </Button>
      <AlertDialog.Backdrop isOpen={isOpen} onOpenChange={setIsOpen}>
        <AlertDialog.Container>
          <AlertDialog.Dialog>
            <AlertDialog.Header>
              <AlertDialog.Icon status="danger" />
              <AlertDialog.Heading>
                {t('resourceDetail.delete.title', { name: resourceName })}
              </AlertDialog.Heading>
            </AlertDialog.Header>
            <AlertDialog.Body>
              <p>{t('resourceDetail.delete.warning')}</p>
            </AlertDialog.Body>
            <AlertDialog.Footer>
              <Button variant="tertiary" slot="close">
                {t('resourceDetail.delete.cancel')}
              </Button>
              <Button
                variant="danger-soft"
                isPending={deleteResource.isPending}
                onPress={() =>
                  deleteResource.mutate(undefined, {
                    onSuccess: () => {
                      setIsOpen(false);
                      notifySuccess(t('resourceDetail.delete.succeeded'));
                      void navigate('/resources');
                    },
                    onError: () =>
                      notifyError(
                        t('resourceDetail.delete.failedTitle'),
                        t('resourceDetail.delete.failedMessage'),
                      ),
                  })
                }
              >
                {t('resourceDetail.delete.confirm')}
              </Button>
            </AlertDialog.Footer>
          </AlertDialog.Dialog>
        </AlertDialog.Container>
      </AlertDialog.Backdrop>
    </>
  );
}
