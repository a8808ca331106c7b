import { Chip } from '@heroui/react';
import type { UsageSession } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { UsageActionButton } from './usage-action-button.tsx';

type OtherUsagePanelProps = {
  session: UsageSession;
  mayTakeOver: boolean;
  isPending: boolean;
  onTakeOver: () => void;
  onTakeOverWithNotes: () => void;
};

/** Someone else is using the resource: who and since when, and a takeover where allowed. */
export function OtherUsagePanel({
  session,
  mayTakeOver,
  isPending,
  onTakeOver,
  onTakeOverWithNotes,
}: OtherUsagePanelProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Chip color="warning" variant="soft">
          {t('usage.inUse')}
        </Chip>
        <span className="inline-flex items-center gap-2">
          <UserAvatar userId={session.user.id} username={session.user.username} />
          <span className="font-medium">{session.user.username}</span>
        </span>
      </div>
      <dl>
        <dt className="text-sm text-muted">{t('usage.startedAt')}</dt>
        <dd>{formatDateTime(session.startTime)}</dd>
      </dl>
      {mayTakeOver && (
        <UsageActionButton
          action="takeOver"
          variant="secondary"
          isPending={isPending}
          onAction={onTakeOver}
          onActionWithNotes={onTakeOverWithNotes}
        />
      )}
    </div>
  );
}
