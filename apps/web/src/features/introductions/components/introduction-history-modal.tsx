import { Button, Modal, Table } from '@heroui/react';
import type { Introduction } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { INTRODUCTIONS_PAGE_SIZE } from '../api/introductions-queries.ts';
import { useClientPage } from '../hooks/use-client-page.ts';

type IntroductionHistoryModalProps = {
  /** Whose history to show; the modal is open while there is one. */
  introduction: Introduction | null;
  onClose: () => void;
};

/** Every grant and revoke of one person's introduction, newest first, 10 per page (spec 02 §2). */
export function IntroductionHistoryModal({ introduction, onClose }: IntroductionHistoryModalProps) {
  const { t } = useTranslation();
  return (
    <Modal.Backdrop isOpen={introduction !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Modal.Container size="lg" scroll="outside">
        <Modal.Dialog>
          <Modal.CloseTrigger aria-label={t('introductions.historyModal.close')} />
          <Modal.Header>
            <Modal.Heading>
              {t('introductions.historyModal.title', { username: introduction?.receiverUser.username ?? '' })}
            </Modal.Heading>
          </Modal.Header>
          <Modal.Body>{introduction && <HistoryTable introduction={introduction} />}</Modal.Body>
          <Modal.Footer>
            <Button slot="close">{t('introductions.historyModal.close')}</Button>
          </Modal.Footer>
        </Modal.Dialog>
      </Modal.Container>
    </Modal.Backdrop>
  );
}

function HistoryTable({ introduction }: { introduction: Introduction }) {
  const { t, i18n } = useTranslation();
  // The server lists the history newest first (contracts: IntroductionSchema.history).
  const table = useClientPage(introduction.history, INTRODUCTIONS_PAGE_SIZE);
  return (
    <div className="flex flex-col gap-4">
      <ScrollTable aria-label={t('introductions.historyModal.tableLabel')}>
        <Table.Header>
          <Table.Column isRowHeader>{t('introductions.historyModal.date')}</Table.Column>
          <Table.Column>{t('introductions.historyModal.action')}</Table.Column>
          <Table.Column>{t('introductions.historyModal.comment')}</Table.Column>
        </Table.Header>
        <Table.Body
          items={table.items}
          // Rows are cached by item: the language they are worded in is listed here (README).
          dependencies={[i18n.language]}
          renderEmptyState={() => (
            <p className="p-6 text-center text-muted">{t('introductions.historyModal.empty')}</p>
          )}
        >
          {(entry) => (
            <Table.Row id={entry.id}>
              <Table.Cell className="whitespace-nowrap">{formatDateTime(entry.createdAt)}</Table.Cell>
              <Table.Cell>
                {entry.action === 'grant'
                  ? t('introductions.historyModal.granted')
                  : entry.action === 'lapse'
                    ? t('introductions.historyModal.lapsed')
                    : t('introductions.historyModal.revoked')}
              </Table.Cell>
              <Table.Cell className="whitespace-pre-wrap break-words">{entry.comment ?? '-'}</Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </ScrollTable>
      <PagePagination page={table.page} totalPages={table.totalPages} onChange={table.setPage} />
    </div>
  );
}
