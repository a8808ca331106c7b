import { Card, Skeleton } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { useActiveUsage, useCanControl } from '../api/use-active-usage.ts';
import type { UsageCommands } from '../hooks/use-usage-commands.ts';
import { USAGE_ACTION_TEXTS, type UsageAction } from '../usage-actions.ts';
import { usageCardState } from '../usage-card-state.ts';
import { EndSessionForUserModal } from './end-session-for-user-modal.tsx';
import { IntroductionRequiredNotice } from './introduction-required-notice.tsx';
import { NotesModal } from './notes-modal.tsx';
import { OtherUsagePanel } from './other-usage-panel.tsx';
import { OwnUsagePanel } from './own-usage-panel.tsx';
import { UsageActionButton } from './usage-action-button.tsx';

type UsageSessionCardProps = {
  resource: Resource;
  /** Shared with the page's QR deep link, so both show the same pending state. */
  commands: UsageCommands;
};

/** Start, follow, take over and end the resource's usage session (spec 01 §2, §4). */
export function UsageSessionCard({ resource, commands }: UsageSessionCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useSignedInUser();
  const activeUsage = useActiveUsage(resource.id);
  const canControl = useCanControl(resource.id);
  const [notesAction, setNotesAction] = useState<UsageAction>('start');
  const [isNotesOpen, setIsNotesOpen] = useState(false);
  const [isEndForUserOpen, setIsEndForUserOpen] = useState(false);
  const state = usageCardState({
    session: activeUsage.data?.usage,
    canControl: canControl.data?.canControl,
    allowTakeOver: resource.allowTakeOver,
    viewerId: viewer.id,
  });
  // A failed poll keeps the last answer on screen; only a first load that failed replaces the card.
  const failed = activeUsage.isLoadingError
    ? activeUsage
    : canControl.isLoadingError
      ? canControl
      : undefined;

  const askForNotes = (action: UsageAction) => {
    setNotesAction(action);
    setIsNotesOpen(true);
  };
  const notesTexts = USAGE_ACTION_TEXTS[notesAction];

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title id={titleId}>{t('usage.title')}</Card.Title>
      </Card.Header>
      <Card.Content aria-busy={state.kind === 'loading'}>
        {failed ? (
          <LoadError
            title={t('usage.loadFailed')}
            message={failed.error?.message}
            onRetry={() => void failed.refetch()}
          />
        ) : state.kind === 'loading' ? (
          <Skeleton className="h-24 w-full rounded-lg" />
        ) : state.kind === 'own' ? (
          <OwnUsagePanel
            session={state.session}
            isPending={commands.isPending}
            onEnd={(notes) => commands.end(notes)}
          />
        ) : state.kind === 'other' ? (
          <OtherUsagePanel
            session={state.session}
            mayTakeOver={state.mayTakeOver}
            mayEnd={viewer.systemPermissions.canManageResources}
            isPending={commands.isPending}
            onTakeOver={() => commands.takeOver()}
            onTakeOverWithNotes={() => askForNotes('takeOver')}
            onEnd={() => setIsEndForUserOpen(true)}
          />
        ) : state.kind === 'available' ? (
          <div className="flex flex-col gap-4">
            <p className="text-muted">{t('usage.available.description')}</p>
            <UsageActionButton
              action="start"
              isPending={commands.isPending}
              onAction={() => commands.start()}
              onActionWithNotes={() => askForNotes('start')}
            />
          </div>
        ) : (
          <IntroductionRequiredNotice resource={resource} />
        )}
      </Card.Content>
      <NotesModal
        isOpen={isNotesOpen}
        onOpenChange={setIsNotesOpen}
        title={t(notesTexts.withNotes)}
        submitLabel={t(notesTexts.label)}
        onSubmit={(notes) => commands[notesAction](notes)}
      />
      {state.kind === 'other' && (
        <EndSessionForUserModal
          isOpen={isEndForUserOpen}
          onOpenChange={setIsEndForUserOpen}
          username={state.session.user.username}
          onSubmit={(reason) => commands.end(reason)}
        />
      )}
    </Card>
  );
}
