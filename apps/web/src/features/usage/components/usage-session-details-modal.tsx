import { Button, Modal } from '@heroui/react';
import type { UsageSession } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';

type UsageSessionDetailsModalProps = {
  session: UsageSession | undefined;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
};

/** A history entry read-only: its times and both notes (spec 01 §2 "Usage history card"). */
export function UsageSessionDetailsModal({ session, isOpen, onOpenChange }: UsageSessionDetailsModalProps) {
  const { t } = useTranslation();
  const notesOrPlaceholder = (notes: string | null | undefined) =>
    notes ? (
      <p className="whitespace-pre-wrap">{notes}</p>
    ) : (
      <p className="text-muted">{t('usageHistory.noNotes')}</p>
    );

  return (
    <Modal.Backdrop isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal.Container>
        <Modal.Dialog>
          <Modal.Header>
            <Modal.Heading>{t('usageHistory.detailsTitle')}</Modal.Heading>
          </Modal.Header>
          <Modal.Body>
            <dl className="flex flex-col gap-3">
              <div>
                <dt className="text-sm text-muted">{t('usageHistory.startTime')}</dt>
                <dd>{formatDateTime(session?.startTime)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t('usageHistory.endTime')}</dt>
                <dd>{formatDateTime(session?.endTime)}</dd>
              </div>
              {session?.endedBy && session.endedBy.id !== session.userId && (
                <div>
                  <dt className="text-sm text-muted">{t('usageHistory.endedByLabel')}</dt>
                  <dd>{session.endedBy.username}</dd>
                </div>
              )}
              <div>
                <dt className="text-sm text-muted">{t('usageHistory.startNotes')}</dt>
                <dd>{notesOrPlaceholder(session?.startNotes)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t('usageHistory.endNotes')}</dt>
                <dd>{notesOrPlaceholder(session?.endNotes)}</dd>
              </div>
            </dl>
          </Modal.Body>
          <Modal.Footer>
            <Button slot="close">{t('usageHistory.close')}</Button>
          </Modal.Footer>
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}
