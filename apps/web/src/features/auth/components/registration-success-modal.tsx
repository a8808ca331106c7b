import { Button, Modal } from '@heroui/react';
import { useTranslation } from 'react-i18next';

type RegistrationSuccessModalProps = { email: string; onClose: () => void };

/** After registering: the activation mail is on its way (spec 01 §2). */
export default function RegistrationSuccessModal({ email, onClose }: RegistrationSuccessModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Backdrop isOpen onOpenChange={(open) => !open && onClose()}>
      <Modal.Container>
        <Modal.Dialog>
          <Modal.Header>
            <Modal.Heading>{t('auth.registrationSuccess.title')}</Modal.Heading>
          </Modal.Header>
          <Modal.Body>
            <p>{t('auth.registrationSuccess.message', { email })}</p>
          </Modal.Body>
          <Modal.Footer>
            <Button slot="close" onPress={onClose}>
              {t('common.close')}
            </Button>
          </Modal.Footer>
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}
