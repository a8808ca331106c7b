import { Button, Chip } from '@heroui/react';
import type { UsageSession } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useIsOnline } from '../../../lib/use-is-online.ts';
import { ElapsedTimer } from './elapsed-timer.tsx';
import { UsageActionButton } from './usage-action-button.tsx';

type OtherUsagePanelProps = {
  session: UsageSession;
  mayTakeOver: boolean;
  /** Managers end anyone's session, with a reason (issue 28). */
  mayEnd: boolean;
  isPending: boolean;
  onTakeOver: () => void;
  onTakeOverWithNotes: () => void;
  onEnd: () => void;
};

/**
 * Someone else is using the resource: who, since when and for how long (so a forgotten session
 * shows as one), a takeover where allowed, and for managers a way to end it.
 */
export function OtherUsagePanel({
  session,
  mayTakeOver,
  mayEnd,
  isPending,
  onTakeOver,
  onTakeOverWithNotes,
  onEnd,
}: OtherUsagePanelProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Chip color="warning" variant="soft">
          {t('usage.inUse')}
        </Chip>
        <span className="inline-flex min-w-0 items-center gap-2">
          <UserAvatar userId={session.user.id} username={session.user.username} />
          <span className="font-medium [overflow-wrap:anywhere]">{session.user.username}</span>
        </span>
      </div>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-muted">{t('usage.startedAt')}</dt>
          <dd>{formatDateTime(session.startTime)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('usage.own.elapsed')}</dt>
          <dd>
            <ElapsedTimer since={session.startTime} size="md" />
          </dd>
        </div>
      </dl>
      {(mayTakeOver || mayEnd) && (
        <div className="flex flex-wrap items-start gap-3">
          {mayTakeOver && (
            <UsageActionButton
              action="takeOver"
              variant="secondary"
              isPending={isPending}
              onAction={onTakeOver}
              onActionWithNotes={onTakeOverWithNotes}
            />
          )}
          {mayEnd && (
            <Button variant="danger-soft" isDisabled={isPending || !isOnline} onPress={onEnd}>
              {t('usage.other.end')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
