import { Button, Card, Skeleton } from '@heroui/react';
import type { Resource, ResourceGroup } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useGroupResourceMembership, useGroupResources } from '../api/use-group-resources.ts';
import { ResourcePicker } from './resource-picker.tsx';

/**
 * The resources of a group (spec 01 §2): everyone who sees the page sees them; managers add one
 * with a search and take one out after confirming, through the group routes of spec 01 §7.
 */
export function GroupResourcesCard({ group, canEdit }: { group: ResourceGroup; canEdit: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [page, setPage] = useState(1);
  const resources = useGroupResources(group.id, page);
  const membership = useGroupResourceMembership(group.id);
  const [removing, setRemoving] = useState<Resource | null>(null);
  const totalPages = resources.data?.totalPages ?? 1;
  // The last resource of the last page was removed: show the page before it.
  if (resources.data && page > 1 && resources.data.data.length === 0 && page > totalPages) {
    setPage(Math.max(1, totalPages));
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title id={titleId}>{t('groupResources.title')}</Card.Title>
        <Card.Description>
          {canEdit ? t('groupResources.managerDescription') : t('groupResources.description')}
        </Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        {canEdit && <AddGroupResource group={group} />}
        {resources.isPending && <Skeleton className="h-24 w-full rounded-lg" />}
        {resources.isLoadingError && (
          <LoadError
            title={t('groupResources.loadFailed')}
            message={resources.error.message}
            onRetry={() => void resources.refetch()}
          />
        )}
        {resources.data?.total === 0 && (
          <div className="flex flex-col gap-1 rounded-xl border border-dashed border-separator p-4">
            <p className="font-medium">{t('groupResources.emptyTitle')}</p>
            <p className="text-sm text-muted">
              {canEdit ? t('groupResources.emptyManagerHint') : t('groupResources.emptyHint')}
            </p>
          </div>
        )}
        {resources.data && resources.data.data.length > 0 && (
          <ul
            aria-label={t('groupResources.listLabel', { group: group.name })}
            className="flex flex-col divide-y divide-separator"
          >
            {resources.data.data.map((resource) => (
              <li key={resource.id} className="flex items-center justify-between gap-3 py-2">
                <Link
                  to={`/resources/${resource.id}`}
                  className="min-w-0 font-medium [overflow-wrap:anywhere] hover:underline"
                >
                  {resource.name}
                </Link>
                {canEdit && (
                  <Button
                    size="sm"
                    className="shrink-0"
                    variant="danger-soft"
                    aria-label={t('groupResources.removeNamed', { resource: resource.name })}
                    onPress={() => setRemoving(resource)}
                  >
                    {t('groupResources.remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <PagePagination page={Math.min(page, totalPages)} totalPages={totalPages} onChange={setPage} />
      </Card.Content>
      {canEdit && (
        <ConfirmDialog
          isOpen={removing !== null}
          onOpenChange={(isOpen) => {
            if (!isOpen) setRemoving(null);
          }}
          tone="warning"
          title={t('groupResources.confirmTitle', { resource: removing?.name ?? '', group: group.name })}
          paragraphs={[t('groupResources.confirmMessage')]}
          cancelLabel={t('resourceGroups.cancel')}
          confirmLabel={t('groupResources.remove')}
          isPending={membership.isPending}
          onConfirm={() => {
            if (!removing) return;
            membership.mutate(
              { resourceId: removing.id, add: false },
              {
                onSuccess: () => {
                  notifySuccess(
                    t('groupResources.removedTitle'),
                    t('groupResources.removedMessage', { resource: removing.name, group: group.name }),
                  );
                  setRemoving(null);
                },
                onError: (error) => notifyError(t('groupResources.removeFailed'), error.message),
              },
            );
          }}
        />
      )}
    </Card>
  );
}

function AddGroupResource({ group }: { group: ResourceGroup }) {
  const { t } = useTranslation();
  const membership = useGroupResourceMembership(group.id);
  const [selected, setSelected] = useState<Resource | null>(null);
  // A new key empties the picker once the chosen resource has been added.
  const [pickerKey, setPickerKey] = useState(0);
  const isMember = selected?.groups.some((member) => member.id === group.id) === true;

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!selected || isMember) return;
        membership.mutate(
          { resourceId: selected.id, add: true },
          {
            onSuccess: () => {
              notifySuccess(
                t('groupResources.addedTitle'),
                t('groupResources.addedMessage', { resource: selected.name, group: group.name }),
              );
              setSelected(null);
              setPickerKey((key) => key + 1);
            },
            onError: (error) => notifyError(t('groupResources.addFailed'), error.message),
          },
        );
      }}
    >
      <ResourcePicker
        key={pickerKey}
        groupId={group.id}
        label={t('groupResources.pickerLabel')}
        onSelectionChange={setSelected}
      />
      <SubmitButton isDisabled={!selected || isMember} isPending={membership.isPending}>
        {t('groupResources.add')}
      </SubmitButton>
    </form>
  );
}
