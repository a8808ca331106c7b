import { Button, Card, Skeleton } from '@heroui/react';
import type { Resource } from '@toolpass/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { translateServerMessage } from '../../../i18n/server-message.ts';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { useWaitList, useWaitListCommands } from '../api/use-wait-list.ts';
import { formatTime } from '../week.ts';

/**
 * The wait list of a resource in wait-list mode (decision 23): who waits in which order and since
 * when, the viewer's own place, and joining or leaving it.
 */
export function WaitListCard({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useSignedInUser();
  const waitList = useWaitList(resource.id);
  const { join, leave } = useWaitListCommands(resource.id);
  const own = waitList.data?.find((entry) => entry.user.id === viewer.id);
  const failed = (title: string) => (error: Error) =>
    notifyError(title, translateServerMessage(t, error.message));

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <Card.Title id={titleId}>{t('bookings.waitList.title')}</Card.Title>
          <Card.Description>
            {own
              ? own.heldUntil
                ? t('bookings.waitList.heldForYou', { time: formatTime(own.heldUntil) })
                : t('bookings.waitList.yourPosition', { position: own.position })
              : t('bookings.waitList.description')}
          </Card.Description>
        </div>
        {waitList.data &&
          (own ? (
            <Button
              size="sm"
              variant="danger-soft"
              isPending={leave.isPending}
              onPress={() =>
                leave.mutate(undefined, {
                  onSuccess: () => notifySuccess(t('bookings.waitList.left')),
                  onError: failed(t('bookings.waitList.leaveFailed')),
                })
              }
            >
              {t('bookings.waitList.leave')}
            </Button>
          ) : (
            <Button
              size="sm"
              isPending={join.isPending}
              onPress={() =>
                join.mutate(undefined, {
                  onSuccess: () => notifySuccess(t('bookings.waitList.joined')),
                  onError: failed(t('bookings.waitList.joinFailed')),
                })
              }
            >
              {t('bookings.waitList.join')}
            </Button>
          ))}
      </Card.Header>
      <Card.Content>
        {waitList.isPending && <Skeleton className="h-16 w-full rounded-lg" />}
        {waitList.isLoadingError && (
          <LoadError
            title={t('bookings.waitList.loadFailed')}
            message={waitList.error.message}
            onRetry={() => void waitList.refetch()}
          />
        )}
        {waitList.data && waitList.data.length === 0 && (
          <p className="text-muted">{t('bookings.waitList.empty')}</p>
        )}
        {waitList.data && waitList.data.length > 0 && (
          <ol className="flex flex-col gap-2" aria-label={t('bookings.waitList.listLabel')}>
            {waitList.data.map((entry) => (
              <li key={entry.user.id} className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-medium tabular-nums">{entry.position}.</span>
                <span className="wrap-anywhere">
                  {entry.user.username}
                  {entry.user.id === viewer.id && ` (${t('bookings.waitList.you')})`}
                </span>
                <span className="text-muted">
                  {t('bookings.waitList.since', { date: formatDateTime(entry.since) })}
                  {entry.heldUntil &&
                    ` · ${t('bookings.waitList.heldUntil', { time: formatTime(entry.heldUntil) })}`}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Card.Content>
    </Card>
  );
}
