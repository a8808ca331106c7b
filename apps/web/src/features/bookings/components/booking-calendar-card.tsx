import { Button, Card, Skeleton } from '@heroui/react';
import type { Booking, Resource } from '@toolpass/contracts';
import { DEFAULT_BOOKING_SLOT_MINUTES } from '@toolpass/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { useSignedInUser } from '../../../sign-in/sign-in-context.tsx';
import { useNow } from '../../usage/hooks/use-now.ts';
import { useResourceBookings } from '../api/use-bookings.ts';
import { addDays, daysOfWeek, formatDay, startOfWeek } from '../week.ts';
import { BookingDialog } from './booking-dialog.tsx';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';
import { WeekCalendar } from './week-calendar.tsx';

/** The slots' past and present are redrawn once a minute. */
const CLOCK_TICK_MS = 60_000;
/**
 * The finest row of the grid: a step of a few minutes would draw thousands of rows a week. Rows
 * are whole steps, so each begins on the step; the dialog still offers every step.
 */
const FINEST_ROW_MINUTES = 15;

/**
 * The week calendar of a bookable resource (decision 23): who booked when, booking a free slot,
 * moving and cancelling one's own booking; managers also book for others, block time and cancel any.
 */
export function BookingCalendarCard({ resource, isManager }: { resource: Resource; isManager: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const viewer = useSignedInUser();
  const now = new Date(useNow(CLOCK_TICK_MS));
  const [monday, setMonday] = useState(() => startOfWeek(new Date()));
  const nextMonday = addDays(monday, 7);
  const bookings = useResourceBookings(resource.id, monday, nextMonday);
  const [slotStart, setSlotStart] = useState<Date | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);
  const step = resource.bookingSlotMinutes ?? DEFAULT_BOOKING_SLOT_MINUTES;
  const rowMinutes = step * Math.ceil(FINEST_ROW_MINUTES / step);
  const days = daysOfWeek(monday);
  const range = t('bookings.calendar.range', { from: formatDay(monday), to: formatDay(addDays(monday, 6)) });

  return (
    <Card role="region" aria-labelledby={titleId}>
      <Card.Header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <Card.Title id={titleId}>{t('bookings.calendar.title')}</Card.Title>
          <Card.Description aria-live="polite">{range}</Card.Description>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onPress={() => setMonday(addDays(monday, -7))}>
            {t('bookings.calendar.previousWeek')}
          </Button>
          <Button size="sm" variant="secondary" onPress={() => setMonday(startOfWeek(new Date()))}>
            {t('bookings.calendar.today')}
          </Button>
          <Button size="sm" variant="secondary" onPress={() => setMonday(nextMonday)}>
            {t('bookings.calendar.nextWeek')}
          </Button>
        </div>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3">
        <p className="text-sm text-muted">{t('bookings.calendar.keyboardHint')}</p>
        {bookings.isLoadingError ? (
          <LoadError
            title={t('bookings.calendar.loadFailed')}
            message={bookings.error.message}
            onRetry={() => void bookings.refetch()}
          />
        ) : bookings.data ? (
          <WeekCalendar
            key={monday.getTime()}
            days={days}
            step={rowMinutes}
            bookings={bookings.data}
            viewerId={viewer.id}
            now={now}
            label={t('bookings.calendar.gridLabel', { name: resource.name, range })}
            onActivate={({ start, booking }) => {
              if (!booking) setSlotStart(start);
              else if (isManager || (booking.kind === 'booking' && booking.user?.id === viewer.id)) {
                // Before it begins a booking can be moved (within its day) or cancelled; after, the
                // server refuses both and says so.
                const withinItsDay =
                  formatDay(new Date(booking.start)) === formatDay(new Date(Date.parse(booking.end) - 1));
                if (new Date(booking.start) > now && withinItsDay) setMoving(booking);
                else setCancelling(booking);
              }
            }}
          />
        ) : (
          <Skeleton className="h-96 w-full rounded-lg" />
        )}
      </Card.Content>
      <BookingDialog
        resource={resource}
        slotStart={slotStart}
        moving={moving}
        onCancelBooking={(booking) => {
          setMoving(null);
          setCancelling(booking);
        }}
        isManager={isManager}
        now={now}
        onClose={() => {
          setSlotStart(null);
          setMoving(null);
        }}
      />
      <CancelBookingDialog booking={cancelling} onClose={() => setCancelling(null)} />
    </Card>
  );
}
