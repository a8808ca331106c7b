import { Button } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
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
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        tone="warning"
        title={t('emailTemplates.restore.title', { name: templateName })}
        paragraphs={[t('emailTemplates.restore.message')]}
        cancelLabel={t('emailTemplates.cancel')}
        confirmLabel={t('emailTemplates.restore.confirm')}
        isPending={isPending}
        onConfirm={() => {
          // Closed once restored; a failure keeps it open beside the error toast.
          void onConfirm().then(
            () => setIsOpen(false),
            () => undefined,
          );
        }}
      />
    </>
  );
}
