import { AlertDialog, Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';

type DeleteSsoProviderDialogProps = {
  isOpen: boolean;
  name: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** "Are you sure?" before a provider is deleted (spec 02 §8: "This action cannot be undone."). */
export function DeleteSsoProviderDialog(props: DeleteSsoProviderDialogProps) {
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
            <AlertDialog.Heading className="[overflow-wrap:anywhere]">
              {t('ssoProviders.deleteTitle', { name: props.name })}
            </AlertDialog.Heading>
          </AlertDialog.Header>
          <AlertDialog.Body>
            <p>{t('ssoProviders.deleteMessage')}</p>
          </AlertDialog.Body>
          <AlertDialog.Footer>
            <Button slot="close" variant="tertiary">
              {t('ssoProviders.cancel')}
            </Button>
            <Button
              variant="danger"
              isPending={props.isPending}
              {...needsConnection}
              onPress={props.onConfirm}
            >
              {t('ssoProviders.delete')}
            </Button>
          </AlertDialog.Footer>
        </AlertDialog.Dialog>
      </AlertDialog.Container>
    </AlertDialog.Backdrop>
  );
}
