import { Card, Skeleton } from '@heroui/react';
import type { UserRef } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { INTRODUCTIONS_PAGE_SIZE } from '../api/introductions-queries.ts';
import { useGrantIntroducer, useRevokeIntroducer } from '../api/use-introducer-mutations.ts';
import { useIntroducers } from '../api/use-introductions.ts';
import { byUsername } from '../hooks/page-of.ts';
import { useClientPage } from '../hooks/use-client-page.ts';
import type { IntroductionScope } from '../introduction-scope.ts';
import { IntroducersTable } from './introducers-table.tsx';
import { RevokeIntroducerDialog } from './revoke-introducer-dialog.tsx';
import { UserPicker } from './user-picker.tsx';

/** Who may introduce others to a resource or group: add with a user picker, remove after confirming. */
export function IntroducersCard({ scope }: { scope: IntroductionScope }) {
  const { t } = useTranslation();
  const introducers = useIntroducers(scope);
  const sorted = [...(introducers.data ?? [])].sort(byUsername((introducer) => introducer.user.username));
  const table = useClientPage(sorted, INTRODUCTIONS_PAGE_SIZE);
  const [revoking, setRevoking] = useState<UserRef | null>(null);
  const revoke = useRevokeIntroducer(scope);

  return (
    <Card>
      <Card.Header>
        <Card.Title>{t('introducers.title')}</Card.Title>
        <Card.Description>
          {scope.kind === 'resource'
            ? t('introducers.resourceDescription')
            : t('introducers.groupDescription')}
        </Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        <AddIntroducer scope={scope} introducerIds={sorted.map((introducer) => introducer.userId)} />
        {introducers.isPending && <Skeleton className="h-32 w-full rounded-lg" />}
        {introducers.isError && (
          <LoadError
            title={t('introducers.loadFailedTitle')}
            message={introducers.error.message}
            onRetry={() => void introducers.refetch()}
          />
        )}
        {introducers.data && (
          <>
            <IntroducersTable
              introducers={table.items}
              onRevoke={(introducer) => setRevoking(introducer.user)}
            />
            <PagePagination page={table.page} totalPages={table.totalPages} onChange={table.setPage} />
          </>
        )}
      </Card.Content>
      <RevokeIntroducerDialog
        user={revoking}
        isPending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking, {
            onSuccess: () => {
              notifySuccess(
                t('introducers.removedTitle'),
                t('introducers.removedMessage', { username: revoking.username }),
              );
              setRevoking(null);
            },
            onError: (error) => notifyError(t('introducers.removeFailedTitle'), error.message),
          });
        }}
      />
    </Card>
  );
}

function AddIntroducer({ scope, introducerIds }: { scope: IntroductionScope; introducerIds: number[] }) {
  const { t } = useTranslation();
  const grant = useGrantIntroducer(scope);
  const [selected, setSelected] = useState<UserRef | null>(null);
  // A new key empties the picker once the chosen user has been added.
  const [pickerKey, setPickerKey] = useState(0);

  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!selected) return;
        grant.mutate(selected, {
          onSuccess: () => {
            notifySuccess(
              t('introducers.addedTitle'),
              t('introducers.addedMessage', { username: selected.username }),
            );
            setSelected(null);
            setPickerKey((key) => key + 1);
          },
          onError: (error) => notifyError(t('introducers.addFailedTitle'), error.message),
        });
      }}
    >
      <UserPicker
        key={pickerKey}
        label={t('introducers.pickerLabel')}
        disabledUserIds={introducerIds}
        onSelectionChange={setSelected}
      />
      <SubmitButton isDisabled={!selected} isPending={grant.isPending}>
        {t('introducers.add')}
      </SubmitButton>
    </form>
  );
}
