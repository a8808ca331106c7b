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
/*
 * The table answers to the width of its card, not of the screen: beside the sidebar at 768 px, or
 * beside the usage card from 1024 px on, the card is no wider than a large phone. As the card
 * narrows, the end time gives way first (spec 01 §2 "Usage history card"; the session's details
 * still show it), then the notes move under the duration, as on a phone. The narrowest cards
 * (a 320 px phone) get the narrowest gaps between the columns.
 */
const CELL = 'px-1.5 @xs:px-2 @2xl:px-4';
/** A time on one line once the card has room for both times, else the date above the time. */
const TIME_CELL = `${CELL} @xl:whitespace-nowrap`;
const WITH_END_TIME = `${TIME_CELL} hidden @xl:table-cell`;
const WITH_NOTES_COLUMN = `${CELL} hidden @sm:table-cell`;
const NOTES_UNDER_DURATION = 'mt-1 flex @sm:hidden';
/** At least a few characters of each name, however narrow the card. */
const USER_CELL = `${CELL} min-w-15`;

/** One row per session; a row opens its details on click or Enter. */
export function UsageHistoryTable({ sessions, showUser, onOpen }: UsageHistoryTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="@container">
      <ScrollTable
        aria-label={t('usageHistory.tableLabel')}
        onRowAction={(key) => {
          const session = sessions.find((candidate) => candidate.id === key);
          if (session) onOpen(session);
        }}
      >
        <Table.Header>
          {showUser ? (
            <Table.Column isRowHeader className={USER_CELL}>
              {t('usageHistory.user')}
            </Table.Column>
          ) : null}
          <Table.Column isRowHeader={!showUser} className={CELL}>
            {t('usageHistory.startTime')}
          </Table.Column>
          <Table.Column className={WITH_END_TIME}>{t('usageHistory.endTime')}</Table.Column>
          <Table.Column className={CELL}>{t('usageHistory.duration')}</Table.Column>
          <Table.Column className={WITH_NOTES_COLUMN}>{t('usageHistory.notes')}</Table.Column>
        </Table.Header>
        <Table.Body
          items={sessions}
          dependencies={[showUser, i18n.language]}
          renderEmptyState={() => <p className="p-6 text-center text-muted">{t('usageHistory.empty')}</p>}
        >
          {(session) => (
            <Table.Row id={session.id} className="cursor-pointer">
              {showUser ? (
                <Table.Cell className={USER_CELL}>
                  <FittedName name={session.user.username} />
                </Table.Cell>
              ) : null}
              <Table.Cell className={TIME_CELL}>{formatDateTime(session.startTime)}</Table.Cell>
              <Table.Cell className={WITH_END_TIME}>{formatDateTime(session.endTime)}</Table.Cell>
              <Table.Cell className={CELL}>
                {session.endTime === null ? (
                  <Chip size="sm" color="warning" variant="soft" className="whitespace-nowrap">
                    {t('usage.inUse')}
                  </Chip>
                ) : (
                  <>
                    <span className="whitespace-nowrap">
                      {formatDuration(session.usageInMinutes, i18n.language)}
                    </span>
                    <EndedBy session={session} />
                  </>
                )}
                {hasNotes(session) && <HasNotes className={NOTES_UNDER_DURATION} />}
              </Table.Cell>
              <Table.Cell className={WITH_NOTES_COLUMN}>
                {hasNotes(session) && <HasNotes className="flex" />}
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </ScrollTable>
    </div>
  );
}

/** In words, not an icon alone; the row (reached with Tab and the arrow keys) opens the notes. */
function HasNotes({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${className} items-center gap-1 whitespace-nowrap`}>
      <NotesIcon />
      {t('usageHistory.hasNotes')}
    </span>
  );
}

/**
 * A name that asks its column for its whole width but makes do with less: then it is cut with an
 * ellipsis instead of being broken inside the word (the whole name is its tooltip). The hidden
 * copy gives the column the name's width without a minimum; the shown one fills the column.
 */
function FittedName({ name }: { name: string }) {
  return (
    <>
      <span aria-hidden="true" className="invisible block h-0 overflow-hidden [overflow-wrap:anywhere]">
        {name}
      </span>
      <span title={name} className="block w-0 min-w-full truncate">
        {name}
      </span>
    </>
  );
}

/**
 * "Ended by {user}" under the duration when someone else ended the session. The name asks the
 * column for no room of its own (the user column needs it more): it follows the label where the
 * column has room for a few characters of it, else it takes a line of its own, and a longer name
 * is cut with an ellipsis (the whole one is its tooltip).
 */
function EndedBy({ session }: { session: UsageSession }) {
  const { t } = useTranslation();
  const endedBy = endedByOther(session);
  if (!endedBy) return null;
  return (
    <span className="flex flex-wrap gap-x-1 text-sm text-muted">
      <span className="whitespace-nowrap">{t('usageHistory.endedByLabel')}</span>{' '}
      <span title={endedBy.username} className="w-0 min-w-[min(100%,5rem)] grow truncate">
        {endedBy.username}
      </span>
    </span>
  );
}
