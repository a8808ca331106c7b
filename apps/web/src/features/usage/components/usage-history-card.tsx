import { Card, Checkbox, Label, Skeleton } from '@heroui/react';
import type { UsageSession } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { HISTORY_PAGE_SIZES } from '../../resources/api/resources-queries.ts';
import { useUsageHistory } from '../api/use-usage-history.ts';
import { PageSizeSelect } from './page-size-select.tsx';
import { UsageHistoryTable } from './usage-history-table.tsx';
import { UsageSessionDetailsModal } from './usage-session-details-modal.tsx';

const DEFAULT_PAGE_SIZE = HISTORY_PAGE_SIZES[0];

/**
 * The resource's past and running sessions, paged (spec 01 §2 "Usage history card"). Managers may
 * show everyone's sessions; everyone else sees their own, which is all the server returns them.
 */
export function UsageHistoryCard({ resourceId }: { resourceId: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useSignedInUser();
  const isManager = viewer.systemPermissions.canManageResources;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  // Managers see everyone's sessions first: a forgotten session is usually someone else's (issue 28).
  const [showAllUsers, setShowAllUsers] = useState(true);
  const [openSession, setOpenSession] = useState<UsageSession>();
  const [isDetailsOpen, setIsDetailsOpen] = useState(false);
  const showsAll = isManager && showAllUsers;
  const history = useUsageHistory(resourceId, {
    page,
    limit: pageSize,
    userId: showsAll ? undefined : viewer.id,
  });

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header className="flex flex-row flex-wrap items-center justify-between gap-3">
        <Card.Title id={titleId}>{t('usageHistory.title')}</Card.Title>
        <div className="flex flex-wrap items-center gap-4">
          {isManager && (
            <Checkbox
              isSelected={showAllUsers}
              onChange={(isSelected) => {
                setShowAllUsers(isSelected);
                setPage(1);
              }}
            >
              <Checkbox.Content>
                <Checkbox.Control>
                  <Checkbox.Indicator />
                </Checkbox.Control>
                <Label>{t('usageHistory.showAllUsers')}</Label>
              </Checkbox.Content>
            </Checkbox>
          )}
          <PageSizeSelect
            sizes={HISTORY_PAGE_SIZES}
            value={pageSize}
            onChange={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </div>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4" aria-busy={history.isFetching}>
        {history.isPending && <Skeleton className="h-40 w-full rounded-lg" />}
        {history.isLoadingError && (
          <LoadError title={t('usageHistory.loadFailed')} onRetry={() => void history.refetch()} />
        )}
        {history.data && (
          <>
            <UsageHistoryTable
              sessions={history.data.data}
              showUser={showsAll}
              onOpen={(session) => {
                setOpenSession(session);
                setIsDetailsOpen(true);
              }}
            />
            <PagePagination page={page} totalPages={history.data.totalPages} onChange={setPage} />
          </>
        )}
      </Card.Content>
      <UsageSessionDetailsModal
        session={openSession}
        isOpen={isDetailsOpen}
        onOpenChange={setIsDetailsOpen}
      />
    </Card>
  );
}
