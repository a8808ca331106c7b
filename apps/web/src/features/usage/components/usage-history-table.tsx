import { Chip, Table } from '@heroui/react';
import type { UsageSession } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { formatDuration } from '../../../lib/format-duration.ts';
import { NotesIcon } from './notes-icon.tsx';

type UsageHistoryTableProps = {
  sessions: UsageSession[];
  showUser: boolean;
  onOpen: (session: UsageSession) => void;
};

const hasNotes = (session: UsageSession) => Boolean(session.startNotes || session.endNotes);
/** Someone other than the session's user ended it: a manager, an introducer or a takeover. */
const endedByOther = (session: UsageSession) =>
  session.endedBy !== null && session.endedBy.id !== session.userId ? session.endedBy : undefined;
/**
 * Phones get narrower gaps between the columns, so a manager's four columns (user included) fit
 * 320 px without scrolling sideways.
 */
const CELL = 'px-2 sm:px-4';
/** End times give way on narrow screens (spec 01 §2 "Usage history card"). */
const WIDE_ONLY = `${CELL} hidden sm:table-cell`;

/** One row per session; a row opens its details on click or Enter. */
export function UsageHistoryTable({ sessions, showUser, onOpen }: UsageHistoryTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <ScrollTable
      aria-label={t('usageHistory.tableLabel')}
      onRowAction={(key) => {
        const session = sessions.find((candidate) => candidate.id === key);
        if (session) onOpen(session);
      }}
    >
      <Table.Header>
        {showUser ? (
          <Table.Column isRowHeader className={CELL}>
            {t('usageHistory.user')}
          </Table.Column>
        ) : null}
        <Table.Column isRowHeader={!showUser} className={CELL}>
          {t('usageHistory.startTime')}
        </Table.Column>
        <Table.Column className={WIDE_ONLY}>{t('usageHistory.endTime')}</Table.Column>
        <Table.Column className={CELL}>{t('usageHistory.duration')}</Table.Column>
        <Table.Column className={CELL}>{t('usageHistory.notes')}</Table.Column>
      </Table.Header>
      <Table.Body
        items={sessions}
        dependencies={[showUser, i18n.language]}
        renderEmptyState={() => <p className="p-6 text-center text-muted">{t('usageHistory.empty')}</p>}
      >
        {(session) => (
          <Table.Row id={session.id} className="cursor-pointer">
            {showUser ? (
              <Table.Cell className={`${CELL} [overflow-wrap:anywhere]`}>{session.user.username}</Table.Cell>
            ) : null}
            <Table.Cell className={CELL}>{formatDateTime(session.startTime)}</Table.Cell>
            <Table.Cell className={WIDE_ONLY}>{formatDateTime(session.endTime)}</Table.Cell>
            <Table.Cell className={CELL}>
              {session.endTime === null ? (
                <Chip size="sm" color="warning" variant="soft">
                  {t('usage.inUse')}
                </Chip>
              ) : (
                <>
                  {formatDuration(session.usageInMinutes, i18n.language)}
                  {endedByOther(session) && (
                    <span className="block text-sm text-muted">
                      {t('usageHistory.endedBy', { username: endedByOther(session)?.username })}
                    </span>
                  )}
                </>
              )}
            </Table.Cell>
            <Table.Cell className={CELL}>
              {/* In words, not an icon alone; the row (reached with Tab and the arrow keys) opens them. */}
              {hasNotes(session) ? (
                <span className="inline-flex items-center gap-1">
                  <NotesIcon />
                  {t('usageHistory.hasNotes')}
                </span>
              ) : null}
            </Table.Cell>
          </Table.Row>
        )}
      </Table.Body>
    </ScrollTable>
  );
}
