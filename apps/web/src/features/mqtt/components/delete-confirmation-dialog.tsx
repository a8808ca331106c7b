import { AlertDialog, Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';

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
  const needsConnection = useNeedsConnection();
  return (
    <AlertDialog.Backdrop
      isOpen={props.isOpen}
      onOpenChange={(isOpen) => {
        if (!isOpen) props.onClose();
      }}
    >
      <AlertDialog.Container>
        <AlertDialog.Dialog>
          <AlertDialog.Header>
            <AlertDialog.Icon status="danger" />
            <AlertDialog.Heading className="[overflow-wrap:anywhere]">{props.title}</AlertDialog.Heading>
          </AlertDialog.Header>
          <AlertDialog.Body>
            <p>{props.message}</p>
          </AlertDialog.Body>
          <AlertDialog.Footer>
            <Button slot="close" variant="tertiary">
              {t('mqtt.cancel')}
            </Button>
            <Button
              variant="danger"
              isPending={props.isPending}
              {...needsConnection}
              onPress={props.onConfirm}
            >
              {t('mqtt.delete')}
            </Button>
          </AlertDialog.Footer>
        </AlertDialog.Dialog>
      </AlertDialog.Container>
    </AlertDialog.Backdrop>
  );
}
