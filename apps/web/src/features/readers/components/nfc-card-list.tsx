import { Button, Table } from '@heroui/react';
import type { NfcCard } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, QueryFallback } from '../../../components/query-fallback.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useNfcCardList } from '../api/use-readers.ts';
import { readerErrorDetail } from '../hooks/reader-error-messages.ts';
import { CardRemovalModal } from './card-removal-modal.tsx';

/**
 * The cards the caller may see (spec 02 §2): their own, or every card with its owner for
 * canManageSystemConfiguration, refreshed every 5 s.
 */
export function NfcCardList({ showOwner }: { showOwner: boolean }) {
  const { t } = useTranslation();
  const cards = useNfcCardList();
  // The card stays set while the modal fades out.
  const [removing, setRemoving] = useState<{ card: NfcCard; isOpen: boolean } | null>(null);

  // Spec 02 §8: a failed list is a notice; a later refresh that fails keeps the rows shown.
  if (cards.data === undefined) {
    return (
      <QueryFallback
        query={cards}
        skeletonClassName="h-48 w-full rounded-2xl"
        errorTitle={t('nfcCards.loadFailed')}
        errorMessage={(error) => readerErrorDetail(t, error)}
      />
    );
  }
  if (cards.data.length === 0) {
    return <EmptyState title={t('nfcCards.emptyTitle')} message={t('nfcCards.emptyMessage')} />;
  }
  return (
    <>
      <NfcCardsTable
        cards={cards.data}
        showOwner={showOwner}
        onRemove={(card) => setRemoving({ card, isOpen: true })}
      />
      <CardRemovalModal
        key={removing?.card.id}
        card={removing?.card}
        isOpen={removing?.isOpen ?? false}
        onClose={() => setRemoving((current) => current && { ...current, isOpen: false })}
      />
    </>
  );
}

type NfcCardsTableProps = { cards: NfcCard[]; showOwner: boolean; onRemove: (card: NfcCard) => void };

function NfcCardsTable({ cards, showOwner, onRemove }: NfcCardsTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable aria-label={t('nfcCards.tableLabel')}>
      <Table.Header>
        <Table.Column isRowHeader>{t('nfcCards.uid')}</Table.Column>
        <Table.Column>{t('nfcCards.createdAt')}</Table.Column>
        {showOwner ? <Table.Column>{t('nfcCards.user')}</Table.Column> : null}
        <Table.Column>{t('nfcCards.actions')}</Table.Column>
      </Table.Header>
      <Table.Body items={cards} dependencies={[i18n.language, showOwner, onRemove]}>
        {(card) => (
          <Table.Row id={card.id}>
            <Table.Cell>
              <span className="font-mono">{card.uid}</span>
            </Table.Cell>
            <Table.Cell>{formatDateTime(card.createdAt)}</Table.Cell>
            {showOwner ? (
              <Table.Cell>
                <span className="[overflow-wrap:anywhere]">{card.user?.username ?? '-'}</span>
              </Table.Cell>
            ) : null}
            <Table.Cell>
              <Button
                size="sm"
                variant="danger-soft"
                aria-label={t('nfcCards.removeLabel', { uid: card.uid })}
                onPress={() => onRemove(card)}
              >
                {t('nfcCards.remove')}
              </Button>
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
