import { AlertDialog, Button } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';

/**
 * The question while a move away from unsaved changes is held: stay, or leave and lose them. Not
 * the app's ConfirmDialog: leaving needs no server, so it stays possible offline.
 */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <AlertDialog.Backdrop
      isOpen={blocker.state === 'blocked'}
      onOpenChange={(isOpen) => {
        if (!isOpen && blocker.state === 'blocked') blocker.reset();
      }}
    >
      <AlertDialog.Container>
        <AlertDialog.Dialog>
          <AlertDialog.Header>
            <AlertDialog.Icon status="warning" />
            <AlertDialog.Heading>{t('emailTemplates.unsaved.title')}</AlertDialog.Heading>
          </AlertDialog.Header>
          <AlertDialog.Body>
            <p>{t('emailTemplates.unsaved.message')}</p>
          </AlertDialog.Body>
          <AlertDialog.Footer>
            <Button slot="close" variant="tertiary">
              {t('emailTemplates.unsaved.stay')}
            </Button>
            <Button variant="danger" onPress={() => blocker.proceed?.()}>
              {t('emailTemplates.unsaved.leave')}
            </Button>
          </AlertDialog.Footer>
        </AlertDialog.Dialog>
      </AlertDialog.Container>
    </AlertDialog.Backdrop>
  );
}
