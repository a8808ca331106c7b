import { Button, Card, Skeleton } from '@heroui/react';
import type { MyBooking } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { useMyBookings } from '../api/use-bookings.ts';
import { formatDay, formatTime } from '../week.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';

/** The viewer's bookings from now on, soonest first, each cancellable until it begins. */
export function MyBookingsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const bookings = useMyBookings();
  const [cancelling, setCancelling] = useState<MyBooking | null>(null);
  const sorted = [...(bookings.data ?? [])].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header>
        <Card.Title id={titleId}>{t('bookings.mine.title')}</Card.Title>
        <Card.Description>{t('bookings.mine.description')}</Card.Description>
      </Card.Header>
      <Card.Content>
        {bookings.isPending && <Skeleton className="h-24 w-full rounded-lg" />}
        {bookings.isLoadingError && (
          <LoadError
            title={t('bookings.mine.loadFailed')}
            message={bookings.error.message}
            onRetry={() => void bookings.refetch()}
          />
        )}
        {bookings.data && sorted.length === 0 && <p className="text-muted">{t('bookings.mine.none')}</p>}
        {sorted.length > 0 && (
          <ul className="flex flex-col divide-y divide-separator">
            {sorted.map((booking) => {
              const hasBegun = Date.parse(booking.start) <= Date.now();
              return (
                <li key={booking.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="flex min-w-0 flex-col">
                    <Link
                      to={`/resources/${booking.resourceId}`}
                      className="font-medium wrap-anywhere underline-offset-2 hover:underline"
                    >
                      {booking.resourceName}
                    </Link>
                    <span className="text-sm text-muted tabular-nums">
                      {formatDay(new Date(booking.start))} {formatTime(booking.start)}–
                      {formatTime(booking.end)}
                    </span>
                  </div>
                  {!hasBegun && (
                    <Button
                      size="sm"
                      variant="danger-soft"
                      aria-label={t('bookings.mine.cancelLabel', {
                        name: booking.resourceName,
                        when: `${formatDay(new Date(booking.start))} ${formatTime(booking.start)}`,
                      })}
                      onPress={() => setCancelling(booking)}
                    >
                      {t('bookings.mine.cancel')}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Card.Content>
      <CancelBookingDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </Card>
  );
}
