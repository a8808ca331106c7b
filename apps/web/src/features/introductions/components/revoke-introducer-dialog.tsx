import { AlertDialog, Button } from '@heroui/react';
import type { UserRef } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';

type RevokeIntroducerDialogProps = {
  /** The introducer to remove; the dialog is open while there is one. */
  user: UserRef | null;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Removing an introducer needs a confirmation, since it takes away their right to introduce. */
export function RevokeIntroducerDialog({ user, isPending, onConfirm, onClose }: RevokeIntroducerDialogProps) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Backdrop isOpen={user !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <AlertDialog.Container>
        <AlertDialog.Dialog>
          <AlertDialog.Header>
            <AlertDialog.Icon status="danger" />
            <AlertDialog.Heading>{t('introducers.revokeDialog.title')}</AlertDialog.Heading>
          </AlertDialog.Header>
          <AlertDialog.Body>
            <p>{t('introducers.revokeDialog.message', { username: user?.username ?? '' })}</p>
          </AlertDialog.Body>
          <AlertDialog.Footer>
            <Button variant="tertiary" slot="close">
              {t('introducers.revokeDialog.cancel')}
            </Button>
            <Button variant="danger" isPending={isPending} onPress={onConfirm}>
              {t('introducers.revokeDialog.confirm')}
            </Button>
          </AlertDialog.Footer>
        </AlertDialog.Dialog>
      </AlertDialog.Container>
    </AlertDialog.Backdrop>
  );
}
