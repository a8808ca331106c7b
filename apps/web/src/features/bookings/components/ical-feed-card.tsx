import { Button, Card, Input, Label, Skeleton, TextField } from '@heroui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { CheckIcon } from '../../../components/icons.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useICalFeed, useRenewICalFeed } from '../api/use-ical-feed.ts';

/** How long the copy button says "Copied". */
const COPIED_FOR_MS = 2000;

/** The viewer's secret calendar address (iCal), to copy into a calendar app, and its renewal. */
export function ICalFeedCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const feed = useICalFeed();
  const renew = useRenewICalFeed();
  const [isCopied, setIsCopied] = useState(false);
  const [isConfirming, setIsConfirming] = useState(false);
  // The server may answer with its path only; a calendar app needs the whole address.
  const url = feed.data ? new URL(feed.data.url, window.location.origin).href : '';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setIsCopied(true);
      setTimeout(() => setIsCopied(false), COPIED_FOR_MS);
    } catch {
      // No clipboard outside a secure context, or the permission was refused.
      notifyError(t('bookings.ical.copyFailed'));
    }
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title id={titleId}>{t('bookings.ical.title')}</Card.Title>
        <Card.Description>{t('bookings.ical.description')}</Card.Description>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3">
        {feed.isPending && <Skeleton className="h-10 w-full rounded-lg" />}
        {feed.isLoadingError && (
          <LoadError
            title={t('bookings.ical.loadFailed')}
            message={feed.error.message}
            onRetry={() => void feed.refetch()}
          />
        )}
        {feed.data && (
          <>
            <TextField isReadOnly value={url}>
              <Label>{t('bookings.ical.address')}</Label>
              <Input className="font-mono text-xs" />
            </TextField>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onPress={() => void copy()}>
                {isCopied && <CheckIcon />}
                {isCopied ? t('bookings.ical.copied') : t('bookings.ical.copy')}
              </Button>
              <Button size="sm" variant="danger-soft" onPress={() => setIsConfirming(true)}>
                {t('bookings.ical.renew')}
              </Button>
            </div>
          </>
        )}
      </Card.Content>
      <ConfirmDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        tone="warning"
        title={t('bookings.ical.renewTitle')}
        paragraphs={[t('bookings.ical.renewWarning')]}
        cancelLabel={t('bookings.ical.keep')}
        confirmLabel={t('bookings.ical.renewConfirm')}
        isPending={renew.isPending}
        onConfirm={() =>
          renew.mutate(undefined, {
            onSuccess: () => {
              setIsConfirming(false);
              notifySuccess(t('bookings.ical.renewed'));
            },
            onError: (error) => notifyError(t('bookings.ical.renewFailed'), error.message),
          })
        }
      />
    </Card>
  );
}
