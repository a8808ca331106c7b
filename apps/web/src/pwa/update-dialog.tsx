import { Button, Modal, Spinner } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format-date-time.ts';
import { activateWaitingWorker, PROMPT_UPDATE_CHECK_MS } from './service-worker-registration.ts';
import { useUpdateChecks } from './use-update-checks.ts';

const buildDate = typeof __BUILD_DATE__ === 'string' ? __BUILD_DATE__ : undefined;

/** The full-screen "New Version Available" and, once chosen, the installing screen (spec 01 §2). */
export default function UpdateDialog({ onRemindLater }: { onRemindLater: () => void }) {
  const { t } = useTranslation();
  const [isInstalling, setInstalling] = useState(false);
  useUpdateChecks(PROMPT_UPDATE_CHECK_MS);
  return (
    <Modal.Backdrop isOpen isDismissable={false} isKeyboardDismissDisabled>
      <Modal.Container size="full">
        <Modal.Dialog className="items-center justify-center text-center">
          {isInstalling ? (
            <div role="status" className="flex flex-col items-center gap-4">
              <Spinner size="lg" />
              <Modal.Heading className="text-2xl">{t('pwa.update.installingTitle')}</Modal.Heading>
              <p className="text-muted">{t('pwa.update.installingMessage')}</p>
            </div>
          ) : (
            <div className="flex max-w-md flex-col items-center gap-4">
              <Modal.Heading className="text-2xl">{t('pwa.update.title')}</Modal.Heading>
              {buildDate && (
                <p className="text-muted">
                  {t('pwa.update.lastUpdated', { date: formatDateTime(buildDate) })}
                </p>
              )}
              <ul className="list-disc text-start ps-6">
                <li>{t('pwa.update.performance')}</li>
                <li>{t('pwa.update.security')}</li>
                <li>{t('pwa.update.features')}</li>
              </ul>
              <p>{t('pwa.update.instant')}</p>
              <div className="flex flex-wrap justify-center gap-3">
                <Button
                  onPress={() => {
                    setInstalling(true);
                    activateWaitingWorker();
                  }}
                >
                  {t('pwa.update.now')}
                </Button>
                <Button variant="secondary" onPress={onRemindLater}>
                  {t('pwa.update.later')}
                </Button>
              </div>
            </div>
          )}
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}
