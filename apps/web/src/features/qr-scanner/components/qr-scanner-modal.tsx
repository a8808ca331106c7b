import { Button, Modal } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useOpenScannedCode } from '../hooks/use-open-scanned-code.ts';
import { QrScanner } from './qr-scanner.tsx';

type QrScannerModalProps = { isOpen: boolean; onOpenChange: (isOpen: boolean) => void };

/**
 * The QR scanner dialog (spec 01 §2). Its content unmounts on close, which stops the camera;
 * a code of this app opens its page and closes the dialog.
 */
export function QrScannerModal({ isOpen, onOpenChange }: QrScannerModalProps) {
  const { t } = useTranslation();
  const openCode = useOpenScannedCode(() => onOpenChange(false));
  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container size="lg">
        <Modal.Dialog>
          <Modal.CloseTrigger aria-label={t('common.close')} />
          <Modal.Header>
            <Modal.Heading>{t('qrScanner.title')}</Modal.Heading>
          </Modal.Header>
          <Modal.Body>{isOpen && <QrScanner onCode={openCode} />}</Modal.Body>
          <Modal.Footer>
            <Button slot="close" variant="secondary">
              {t('common.close')}
            </Button>
          </Modal.Footer>
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}
