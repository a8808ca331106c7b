import type { UserRef } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

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
    <ConfirmDialog
      isOpen={user !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={t('introducers.revokeDialog.title')}
      paragraphs={[t('introducers.revokeDialog.message', { username: user?.username ?? '' })]}
      cancelLabel={t('introducers.revokeDialog.cancel')}
      confirmLabel={t('introducers.revokeDialog.confirm')}
      isPending={isPending}
      onConfirm={onConfirm}
    />
  );
}
