import { Button, Chip, Table } from '@heroui/react';
import type { Introduction } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';

type IntroductionsTableProps = {
  introductions: Introduction[];
  onShowHistory: (introduction: Introduction) => void;
  onGrant: (introduction: Introduction) => void;
  onRevoke: (introduction: Introduction) => void;
};

/*
 * In a narrow card the status sits under the name and the actions stack, so the actions keep room
 * (issue 28: "Revoke" was cut off). Narrow is the card's width, not the screen's: beside the
 * sidebar at 768 px the card is no wider than a large phone.
 */
const WIDE_ONLY = 'hidden @xl:table-cell';
const NARROW_ONLY = '@xl:hidden';

/**
 * One row per person with an introduction history; the row's edge is green while the introduction
 * is valid and red once revoked (spec 02 §2) or expired, with the day it lapses or lapsed (decision 21).
 */
export function IntroductionsTable({
  introductions,
  onShowHistory,
  onGrant,
  onRevoke,
}: IntroductionsTableProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className="@container">
      <ScrollTable aria-label={t('introductions.tableLabel')}>
        <Table.Header>
          <Table.Column isRowHeader>{t('introductions.username')}</Table.Column>
          <Table.Column className={WIDE_ONLY}>{t('introductions.status')}</Table.Column>
          <Table.Column className={WIDE_ONLY}>{t('introductions.expires')}</Table.Column>
          <Table.Column className="text-end">{t('introductions.actions')}</Table.Column>
        </Table.Header>
        <Table.Body
          items={introductions}
          // Rows are cached by item: what they read besides it is listed here (README).
          dependencies={[i18n.language, onShowHistory, onGrant, onRevoke]}
          renderEmptyState={() => <p className="p-6 text-center text-muted">{t('introductions.empty')}</p>}
        >
          {(introduction) => (
            <Table.Row id={introduction.receiverUserId}>
              <Table.Cell
                className={
                  introduction.hasValidIntroduction
                    ? 'border-s-4 border-s-success'
                    : 'border-s-4 border-s-danger'
                }
              >
                <span className="[overflow-wrap:anywhere]">{introduction.receiverUser.username}</span>
                <span className={`mt-1 block ${NARROW_ONLY}`}>
                  <IntroductionStatusChip introduction={introduction} />
                  {introduction.expiresAt && (
                    <span className="mt-1 block text-xs text-muted">
                      {t('introductions.expires')}: {formatDateTime(introduction.expiresAt)}
                    </span>
                  )}
                </span>
              </Table.Cell>
              <Table.Cell className={WIDE_ONLY}>
                <IntroductionStatusChip introduction={introduction} />
              </Table.Cell>
              <Table.Cell className={WIDE_ONLY}>{formatDateTime(introduction.expiresAt)}</Table.Cell>
              <Table.Cell>
                <div className="flex flex-col items-end gap-2 @xl:flex-row @xl:justify-end">
                  <Button size="sm" variant="tertiary" onPress={() => onShowHistory(introduction)}>
                    {t('introductions.history')}
                  </Button>
                  {introduction.hasValidIntroduction ? (
                    <Button size="sm" variant="danger-soft" onPress={() => onRevoke(introduction)}>
                      {t('introductions.revoke')}
                    </Button>
                  ) : (
                    <Button size="sm" variant="secondary" onPress={() => onGrant(introduction)}>
                      {t('introductions.grant')}
                    </Button>
                  )}
                </div>
              </Table.Cell>
            </Table.Row>
          )}
        </Table.Body>
      </ScrollTable>
    </div>
  );
}

/** Allowed, expired (the newest history entry is its lapse, decision 21) or denied. */
function IntroductionStatusChip({ introduction }: { introduction: Introduction }) {
  const { t } = useTranslation();
  if (introduction.hasValidIntroduction)
    return (
      <Chip color="success" size="sm">
        {t('introductions.allowed')}
      </Chip>
    );
  return (
    <Chip color="danger" size="sm">
      {introduction.history[0]?.action === 'lapse' ? t('introductions.expired') : t('introductions.denied')}
    </Chip>
  );
}
