import { Button, Modal } from '@heroui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingView } from '../../../components/loading-view.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useEnrollNfcCard } from '../api/use-nfc-card-mutations.ts';
import { useConnectedReaders } from '../api/use-readers.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';
import { ConnectedReaderSelect } from './connected-reader-select.tsx';

type EnrollCardModalProps = { isOpen: boolean; onClose: () => void };

/**
 * Enrolment on a chosen connected reader (spec 02 §2, the readers design). The call answers
 * only after the tap (or 30 s without one), so the modal waits with it.
 */
export function EnrollCardModal({ isOpen, onClose }: EnrollCardModalProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={onClose}>
      <EnrollForm onDone={onClose} />
    </ModalShell>
  );
}

function EnrollForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [readerId, setReaderId] = useState<number | null>(null);
  const [missingReader, setMissingReader] = useState(false);
  const enroll = useEnrollNfcCard();
  const readers = useConnectedReaders();
  const readerName = readers.data?.find((reader) => reader.id === readerId)?.name ?? '';

  return (
    // A plain form: the reader choice is checked here, before the tap is awaited.
    <form
      noValidate
      className="flex flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        if (readerId === null) {
          setMissingReader(true);
          return;
        }
        enroll.mutate(
          { readerId },
          {
            onSuccess: () => {
              notifySuccess(t('nfcCards.enrollForm.enrolled'));
              onDone();
            },
          },
        );
      }}
    >
      <Modal.CloseTrigger aria-label={t('common.close')} />
      <Modal.Header>
        <Modal.Heading>{t('nfcCards.enrollForm.title')}</Modal.Heading>
      </Modal.Header>
      <Modal.Body className="flex flex-col gap-4">
        <p className="text-muted">{t('nfcCards.enrollForm.intro')}</p>
        <ConnectedReaderSelect
          value={readerId}
          onChange={(id) => {
            setReaderId(id);
            setMissingReader(false);
          }}
          isDisabled={enroll.isPending}
          error={missingReader ? t('nfcCards.readerRequired') : undefined}
        />
        {enroll.isPending && <LoadingView label={t('nfcCards.enrollForm.waiting', { reader: readerName })} />}
        {enroll.isError && (
          <FormErrorAlert
            title={t('nfcCards.enrollForm.failed')}
            message={readerErrorDetail(t, enroll.error)}
          />
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button slot="close" variant="tertiary">
          {t('nfcCards.cancel')}
        </Button>
        <SubmitButton isPending={enroll.isPending}>{t('nfcCards.enrollForm.submit')}</SubmitButton>
      </Modal.Footer>
    </form>
  );
}
