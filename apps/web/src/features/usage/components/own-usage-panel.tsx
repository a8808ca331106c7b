import type { UsageSession } from '@toolpass/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { ElapsedTimer } from './elapsed-timer.tsx';
import { UsageActionButton } from './usage-action-button.tsx';

type OwnUsagePanelProps = {
  session: UsageSession;
  isPending: boolean;
  onEnd: () => void;
  onEndWithNotes: () => void;
};

/** The viewer is using the resource: since when, for how long, and the way to stop. */
export function OwnUsagePanel({ session, isPending, onEnd, onEndWithNotes }: OwnUsagePanelProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <p className="font-medium">{t('usage.own.title')}</p>
      <dl className="flex flex-wrap gap-x-8 gap-y-2">
        <div>
          <dt className="text-sm text-muted">{t('usage.startedAt')}</dt>
          <dd>{formatDateTime(session.startTime)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('usage.own.elapsed')}</dt>
          <dd>
            <ElapsedTimer since={session.startTime} />
          </dd>
        </div>
      </dl>
      <UsageActionButton
        action="end"
        variant="danger-soft"
        isPending={isPending}
        onAction={onEnd}
        onActionWithNotes={onEndWithNotes}
      />
    </div>
  );
}
