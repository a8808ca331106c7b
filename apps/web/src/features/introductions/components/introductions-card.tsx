import { Card, Skeleton } from '@heroui/react';
import type { UserRef } from '@toolpass/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { PagePagination } from '../../../components/page-pagination.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { INTRODUCTIONS_PAGE_SIZE } from '../api/introductions-queries.ts';
import { useIntroductions } from '../api/use-introductions.ts';
import { byUsername } from '../hooks/page-of.ts';
import { useClientPage } from '../hooks/use-client-page.ts';
import { useIntroductionDecision } from '../hooks/use-introduction-decision.ts';
import type { IntroductionScope } from '../introduction-scope.ts';
import { IntroductionCommentDialog } from './introduction-comment-dialog.tsx';
import { IntroductionHistoryModal } from './introduction-history-modal.tsx';
import { IntroductionsTable } from './introductions-table.tsx';
import { UserPicker } from './user-picker.tsx';

/**
 * Who is introduced to a resource or group: grant to anyone found with the user picker, and
 * grant, revoke or read the history per person, each change with an optional comment (spec 02 §2).
 */
export function IntroductionsCard({ scope }: { scope: IntroductionScope }) {
  const { t } = useTranslation();
  const introductions = useIntroductions(scope);
  const sorted = [...(introductions.data ?? [])].sort(byUsername((entry) => entry.receiverUser.username));
  const table = useClientPage(sorted, INTRODUCTIONS_PAGE_SIZE);
  // Held by id and looked up in the live list, so an open history follows new grants and revokes.
  const [historyUserId, setHistoryUserId] = useState<number | null>(null);
  const historyOf = sorted.find((entry) => entry.receiverUserId === historyUserId) ?? null;
  const [picked, setPicked] = useState<UserRef | null>(null);
  // A new key empties the picker once the chosen user has been introduced.
  const [pickerKey, setPickerKey] = useState(0);
  const decision = useIntroductionDecision(scope, ({ user }) => {
    if (user.id !== picked?.id) return;
    setPicked(null);
    setPickerKey((key) => key + 1);
  });

  return (
    <Card>
      <Card.Header>
        <Card.Title>{t('introductions.title')}</Card.Title>
        <Card.Description>
          {scope.kind === 'resource'
            ? t('introductions.resourceDescription')
            : t('introductions.groupDescription')}
        </Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (picked) decision.ask({ user: picked, kind: 'grant' });
          }}
        >
          <UserPicker key={pickerKey} label={t('introductions.pickerLabel')} onSelectionChange={setPicked} />
          <SubmitButton isDisabled={!picked}>{t('introductions.grantPicked')}</SubmitButton>
        </form>
        {introductions.isPending && <Skeleton className="h-32 w-full rounded-lg" />}
        {introductions.isError && (
          <LoadError
            title={t('introductions.loadFailedTitle')}
            message={t('introductions.loadFailedMessage')}
            onRetry={() => void introductions.refetch()}
          />
        )}
        {introductions.data && (
          <>
            <IntroductionsTable
              introductions={table.items}
              onShowHistory={(entry) => setHistoryUserId(entry.receiverUserId)}
              onGrant={(entry) => decision.ask({ user: entry.receiverUser, kind: 'grant' })}
              onRevoke={(entry) => decision.ask({ user: entry.receiverUser, kind: 'revoke' })}
            />
            <PagePagination page={table.page} totalPages={table.totalPages} onChange={table.setPage} />
          </>
        )}
      </Card.Content>
      <IntroductionCommentDialog
        request={decision.pending}
        isPending={decision.isSubmitting}
        onSubmit={decision.submit}
        onClose={decision.cancel}
      />
      <IntroductionHistoryModal introduction={historyOf} onClose={() => setHistoryUserId(null)} />
    </Card>
  );
}
