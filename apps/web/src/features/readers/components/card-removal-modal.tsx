import { Button, Modal, Separator } from '@heroui/react';
import type { NfcCard } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingView } from '../../../components/loading-view.tsx';
import { ModalShell } from '../../../components/modal-shell.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useNeedsConnection } from '../../../lib/use-is-online.ts';
import { useDeleteNfcCard, useResetNfcCard } from '../api/use-nfc-card-mutations.ts';
import { useConnectedReaders } from '../api/use-readers.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';
import { ConnectedReaderSelect } from './connected-reader-select.tsx';

type CardRemovalModalProps = { card: NfcCard | undefined; isOpen: boolean; onClose: () => void };

/**
 * A card's way out (spec 02 §2 "delete modal"): reset with the card at hand on a chosen reader,
 * which gives it its factory keys back, or delete the row without it.
 */
export function CardRemovalModal({ card, isOpen, onClose }: CardRemovalModalProps) {
  return (
    <ModalShell isOpen={isOpen} onClose={onClose}>
      {card && <CardRemoval card={card} onDone={onClose} />}
    </ModalShell>
  );
}

function CardRemoval({ card, onDone }: { card: NfcCard; onDone: () => void }) {
  const { t } = useTranslation();
  const [readerId, setReaderId] = useState<number | null>(null);
  const [missingReader, setMissingReader] = useState(false);
  const reset = useResetNfcCard();
  const remove = useDeleteNfcCard();
  const readers = useConnectedReaders();
  const readerName = readers.data?.find((reader) => reader.id === readerId)?.name ?? '';
  const busy = reset.isPending || remove.isPending;
  const deleteConnection = useNeedsConnection(busy);
  const resetHeading = useId();
  const deleteHeading = useId();

  return (
    <>
      <Modal.CloseTrigger aria-label={t('common.close')} />
      <Modal.Header>
        <Modal.Heading className="[overflow-wrap:anywhere]">
          {t('nfcCards.removeForm.title', { uid: card.uid })}
        </Modal.Heading>
      </Modal.Header>
      <Modal.Body className="flex flex-col gap-4">
        <form
          noValidate
          className="flex flex-col gap-3"
          aria-labelledby={resetHeading}
          onSubmit={(event) => {
            event.preventDefault();
            if (readerId === null) {
              setMissingReader(true);
              return;
            }
            reset.mutate(
              { readerId, cardId: card.id },
              {
                onSuccess: () => {
                  notifySuccess(t('nfcCards.removeForm.resetDone'));
                  onDone();
                },
              },
            );
          }}
        >
          <h3 id={resetHeading} className="font-medium">
            {t('nfcCards.removeForm.resetTitle')}
          </h3>
          <p className="text-muted">{t('nfcCards.removeForm.resetIntro')}</p>
          <ConnectedReaderSelect
            value={readerId}
            onChange={(id) => {
              setReaderId(id);
              setMissingReader(false);
            }}
            isDisabled={busy}
            error={missingReader ? t('nfcCards.readerRequired') : undefined}
          />
          {reset.isPending && (
            <LoadingView label={t('nfcCards.removeForm.waiting', { reader: readerName })} />
          )}
          {reset.isError && (
            <FormErrorAlert
              title={t('nfcCards.removeForm.resetFailed')}
              message={readerErrorDetail(t, reset.error)}
            />
          )}
          <SubmitButton className="self-start" isPending={reset.isPending} isDisabled={remove.isPending}>
            {t('nfcCards.removeForm.reset')}
          </SubmitButton>
        </form>
        <Separator />
        <section aria-labelledby={deleteHeading} className="flex flex-col gap-3">
          <h3 id={deleteHeading} className="font-medium">
            {t('nfcCards.removeForm.deleteTitle')}
          </h3>
          <p className="text-muted">{t('nfcCards.removeForm.deleteIntro')}</p>
          {remove.isError && (
            <FormErrorAlert
              title={t('nfcCards.removeForm.deleteFailed')}
              message={readerErrorDetail(t, remove.error)}
            />
          )}
          <Button
            className="self-start"
            variant="danger"
            {...deleteConnection}
            isPending={remove.isPending}
            onPress={() =>
              remove.mutate(card.id, {
                onSuccess: () => {
                  notifySuccess(t('nfcCards.removeForm.deleted'));
                  onDone();
                },
              })
            }
          >
            {t('nfcCards.removeForm.delete')}
          </Button>
        </section>
      </Modal.Body>
      <Modal.Footer>
        <Button slot="close" variant="tertiary">
          {t('nfcCards.cancel')}
        </Button>
      </Modal.Footer>
    </>
  );
}
