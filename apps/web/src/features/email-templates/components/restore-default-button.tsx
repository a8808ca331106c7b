import { AlertDialog, Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';

type RestoreDefaultButtonProps = {
  templateName: string;
  isPending: boolean;
  onConfirm: () => Promise<unknown>;
};

/** "Restore default", asked first: the template's subject and body are replaced, edits are lost. */
export function RestoreDefaultButton({ templateName, isPending, onConfirm }: RestoreDefaultButtonProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const needsConnection = useNeedsConnection();
  return (
    <>
      <Button variant="secondary" {...needsConnection} onPress={() => setIsOpen(true)}>
        {t('emailTemplates.restore.button')}
      </Button>
      <AlertDialog.Backdrop isOpen={isOpen} onOpenChange={setIsOpen}>
        <AlertDialog.Container>
          <AlertDialog.Dialog>
            <AlertDialog.Header>
              <AlertDialog.Icon status="warning" />
              <AlertDialog.Heading>
                {t('emailTemplates.restore.title', { name: templateName })}
              </AlertDialog.Heading>
            </AlertDialog.Header>
            <AlertDialog.Body>
              <p>{t('emailTemplates.restore.message')}</p>
            </AlertDialog.Body>
            <AlertDialog.Footer>
              <Button slot="close" variant="tertiary">
                {t('emailTemplates.cancel')}
              </Button>
              <Button
                variant="danger"
                isPending={isPending}
                {...needsConnection}
                onPress={() => {
                  // Closed once restored; a failure keeps it open beside the error toast.
                  void onConfirm().then(
                    () => setIsOpen(false),
                    () => undefined,
                  );
                }}
              >
                {t('emailTemplates.restore.confirm')}
              </Button>
            </AlertDialog.Footer>
          </AlertDialog.Dialog>
        </AlertDialog.Container>
      </AlertDialog.Backdrop>
    </>
  );
}
