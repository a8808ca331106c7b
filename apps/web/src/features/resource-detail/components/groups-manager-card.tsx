import { Button, Card, Skeleton } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { RESOURCES_PAGE_SIZE } from '../../resources/api/resources-queries.ts';
import { useGroupMembership } from '../api/use-group-membership.ts';
import { useResourceGroups } from '../api/use-resource-groups.ts';
import { orderGroupsForResource } from '../group-order.ts';

/** Which groups the resource belongs to, changed one group at a time (spec 01 §2, managers). */
export function GroupsManagerCard({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const titleId = useId();
  const groups = useResourceGroups();
  const membership = useGroupMembership(resource.id);
  const [page, setPage] = useState(1);
  const memberIds = useMemo(() => new Set(resource.groups.map((group) => group.id)), [resource.groups]);
  const ordered = useMemo(
    () => orderGroupsForResource(groups.data ?? [], memberIds),
    [groups.data, memberIds],
  );
  const totalPages = Math.max(1, Math.ceil(ordered.length / RESOURCES_PAGE_SIZE));
  const shown = ordered.slice((page - 1) * RESOURCES_PAGE_SIZE, page * RESOURCES_PAGE_SIZE);
  const changingGroupId = membership.isPending ? membership.variables.groupId : undefined;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title id={titleId}>{t('groupsManager.title')}</Card.Title>
        <Card.Description>{t('groupsManager.description')}</Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3">
        {groups.isPending && <Skeleton className="h-24 w-full rounded-lg" />}
        {groups.isLoadingError && (
          <LoadError
            title={t('groupsManager.loadFailed')}
            message={groups.error.message}
            onRetry={() => void groups.refetch()}
          />
        )}
        {groups.data?.length === 0 && <p className="text-muted">{t('groupsManager.empty')}</p>}
        {shown.length > 0 && (
          <ul aria-label={t('groupsManager.listLabel')} className="flex flex-col divide-y divide-separator">
            {shown.map((group) => {
              const isMember = memberIds.has(group.id);
              return (
                <li key={group.id} className="flex items-center justify-between gap-3 py-2">
                  <Link
                    to={`/resource-groups/${group.id}`}
                    className="min-w-0 font-medium [overflow-wrap:anywhere] hover:underline"
                  >
                    {group.name}
                  </Link>
                  <Button
                    size="sm"
                    className="shrink-0"
                    variant={isMember ? 'danger-soft' : 'secondary'}
                    aria-label={
                      isMember
                        ? t('groupsManager.removeFrom', { group: group.name })
                        : t('groupsManager.addTo', { group: group.name })
                    }
                    isPending={changingGroupId === group.id}
                    isDisabled={membership.isPending}
                    onPress={() =>
                      membership.mutate(
                        { groupId: group.id, isMember: !isMember },
                        {
                          onError: (error) =>
                            notifyError(
                              isMember ? t('groupsManager.removeFailed') : t('groupsManager.addFailed'),
                              error.message,
                            ),
                        },
                      )
                    }
                  >
                    {isMember ? t('groupsManager.remove') : t('groupsManager.add')}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <PagePagination page={Math.min(page, totalPages)} totalPages={totalPages} onChange={setPage} />
      </Card.Content>
    </Card>
  );
}
