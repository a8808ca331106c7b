import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';

type DeleteConfirmationDialogProps = {
  /** Open while set. */
  isOpen: boolean;
  title: string;
  message: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" before a server or a configuration is deleted. */
export function DeleteConfirmationDialog(props: DeleteConfirmationDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => {
        if (!isOpen) props.onClose();
      }}
      title={props.title}
      paragraphs={[props.message]}
      cancelLabel={t('mqtt.cancel')}
      confirmLabel={t('mqtt.delete')}
      isPending={props.isPending}
      onConfirm={props.onConfirm}
    />
  );
}
