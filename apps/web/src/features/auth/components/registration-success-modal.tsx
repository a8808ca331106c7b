import { Button, Modal } from '@heroui/react';
import { useTranslation } from 'react-i18next';
import { useMailDelivery } from '../api/use-mail-delivery.ts';

type RegistrationSuccessModalProps = { email: string; onClose: () => void };

/**
 * After registering: the activation mail is on its way (spec 01 §2), or, without a mail server,
 * the link is in the server's output (decision 19).
 */
export default function RegistrationSuccessModal({ email, onClose }: RegistrationSuccessModalProps) {
  const { t } = useTranslation();
  const texts =
    useMailDelivery() === 'server-output' ? 'auth.registrationWithoutMail' : 'auth.registrationSuccess';
  return (
    <Modal.Backdrop isOpen onOpenChange={(open) => !open && onClose()}>
      <Modal.Container>
        <Modal.Dialog>
          <Modal.Header>
            <Modal.Heading>{t(`${texts}.title`)}</Modal.Heading>
          </Modal.Header>
          <Modal.Body>
            <p>{t(`${texts}.message`, { email })}</p>
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
